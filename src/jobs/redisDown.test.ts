/**
 * While Redis is unreachable, a long-running call is still bounded by its time limit and its
 * signal (the queue waits for Redis, the caller does not), and the queue still closes. No
 * Redis here at all: a loopback port nothing listens on.
 */
import { createServer } from 'node:net';
import { ToolRegistry } from '../registry/ToolRegistry';
import { ReportService } from './__fixtures__/ReportService';
import { ToolJobs } from './ToolJobs';

/** A loopback port nothing listens on (one the OS just gave and took back). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('a long-running call while Redis is down', () => {
  let jobs: ToolJobs;
  let registry: ToolRegistry;

  beforeAll(async () => {
    jobs = new ToolJobs({ connection: `redis://127.0.0.1:${await deadPort()}` });
    registry = new ToolRegistry({ jobs }).register(new ReportService({} as never));
  });

  it('answers at its time limit', async () => {
    expect(await registry.call('export_orders', { month: '2026-01' }, { timeoutMs: 200 })).toEqual({
      content: 'Tool "export_orders" timed out after 200 ms',
      isError: true,
    });
  });

  it('answers when its caller aborts', async () => {
    const controller = new AbortController();
    const outcome = registry.call(
      'export_orders',
      { month: '2026-01' },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 100);
    expect(await outcome).toEqual({
      content: 'Tool "export_orders" was aborted before it finished',
      isError: true,
    });
  });

  it('closes anyway', async () => {
    await expect(jobs.close()).resolves.toBeUndefined();
  }, 15_000);
});
