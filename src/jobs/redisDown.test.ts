/**
 * While Redis is unreachable, a long-running call is still bounded by its time limit and its
 * signal (the queue waits for Redis, the caller does not), and the queue still closes; a call
 * with neither, and every other queue operation, fails after `offlineTimeoutMs` naming the
 * address and the cause. No Redis here at all: a loopback port nothing listens on.
 */
import { ToolRegistry } from '../registry/ToolRegistry';
import { ReportService } from './__fixtures__/ReportService';
import { RedisUnreachableError } from './RedisUnreachableError';
import { ToolJobs } from './ToolJobs';
import { freePort } from '../../test/startRedisServer';

describe('a long-running call while Redis is down', () => {
  let jobs: ToolJobs;
  let registry: ToolRegistry;

  beforeAll(async () => {
    jobs = new ToolJobs({ connection: `redis://127.0.0.1:${await freePort()}` });
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

describe('a queue operation while Redis is down', () => {
  let jobs: ToolJobs;
  let registry: ToolRegistry;
  let port: number;
  const warnings: string[] = [];

  beforeAll(async () => {
    port = await freePort();
    jobs = new ToolJobs({
      connection: `redis://:s3cret@127.0.0.1:${port}`,
      offlineTimeoutMs: 300,
      logger: { warn: (message) => void warnings.push(message) },
    });
    registry = new ToolRegistry({ jobs }).register(new ReportService({} as never));
  });

  afterAll(() => jobs.close(), 15_000);

  const unreachable = () =>
    `cannot reach Redis at 127.0.0.1:${port} within 300 ms (last error: connect ECONNREFUSED 127.0.0.1:${port}); check the connection (the URL, or host and port) and that Redis is up`;

  it('fails a call with no time limit, and says why', async () => {
    expect(await registry.call('export_orders', { month: '2026-01' })).toEqual({
      content: 'Tool "export_orders" could not be queued',
      isError: true,
    });
    expect(warnings).toContain(
      `toolwright/jobs: could not run "export_orders" as a job: ${unreachable()}`,
    );
    expect(warnings.join('\n')).not.toContain('s3cret');
  });

  it('rejects enqueue, status, cancel and wait with RedisUnreachableError', async () => {
    const request = { tool: 'export_orders', input: { month: '2026-01' } };
    for (const operation of [
      jobs.enqueue(request),
      jobs.status('job-1'),
      jobs.cancel('job-1'),
      jobs.wait('job-1', 'export_orders'),
    ]) {
      const error: unknown = await operation.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(RedisUnreachableError);
      expect((error as Error).message).toBe(unreachable());
    }
  });
});
