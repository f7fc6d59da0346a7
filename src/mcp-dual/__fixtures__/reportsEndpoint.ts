/**
 * Test fixture: one dual MCP endpoint (`toolwright/mcp2`) over durable jobs, as the suites that
 * call `ReportService`'s long-running tool through it need: a real redis-server, the store the
 * service logs to, a worker in this process running the jobs, and the endpoint enqueueing them.
 */
import Redis from 'ioredis';
import { startMcpHttpServer } from '../startMcpHttpServer';
import { ToolRegistry } from '../../registry/ToolRegistry';
import { ToolJobs } from '../../jobs/ToolJobs';
import { startToolWorker } from '../../jobs/startToolWorker';
import { ReportService } from '../../jobs/__fixtures__/ReportService';
import { startRedisServer } from '../../../test/startRedisServer';

/** The running endpoint and what a test reads and sets through it. */
export interface ReportsEndpoint {
  /** The endpoint's URL. */
  url: string;
  /** The Redis the service logs to and reads its gates from. */
  store: Redis;
  /** Stops the endpoint, the worker, the queue and the redis-server. */
  close(): Promise<void>;
}

/**
 * Starts the endpoint (stateless on the 2025 path with `stateless`).
 * @example
 * const endpoint = await startReportsEndpoint({ stateless: true });
 */
export async function startReportsEndpoint(
  options: { stateless?: boolean } = {},
): Promise<ReportsEndpoint> {
  const redis = await startRedisServer();
  const store = new Redis(redis.url);
  const jobs = new ToolJobs({ connection: redis.url });
  const worker = await startToolWorker(new ToolRegistry().register(new ReportService(store)), {
    connection: redis.url,
  });
  const registry = new ToolRegistry({ jobs }).register(new ReportService(store));
  const server = await startMcpHttpServer(registry, {
    name: 'reports',
    version: '1',
    ...(options.stateless && { stateless: true }),
  });
  return {
    url: server.url,
    store,
    close: async () => {
      await server.close();
      await worker.close();
      await jobs.close();
      await store.quit();
      await redis.stop();
    },
  };
}
