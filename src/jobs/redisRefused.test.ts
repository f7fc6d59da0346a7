/**
 * A Redis that answers but refuses the connection (a wrong password, none where one is needed):
 * the worker's start and every queue operation fail at once with `RedisRefusedError`, naming the
 * address and Redis's answer, never the password, and never waiting out a time limit that no
 * wait could help; the warnings say "refused", not "cannot reach". A real `redis-server` that
 * requires a password.
 */
import { ToolRegistry } from '../registry/ToolRegistry';
import { describeWithServer } from '../../test/describeWithServer';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import type { RedisServer } from '../../test/startRedisServer';
import { ReportService } from './__fixtures__/ReportService';
import { RedisRefusedError } from './RedisRefusedError';
import { startToolWorker } from './startToolWorker';
import { ToolJobs } from './ToolJobs';

/** Longer than a test's own limit: reaching it would fail the test, not pass it. */
const NEVER_MS = 120_000;

describeWithServer(redisMissing, 'a Redis that refuses the connection', () => {
  let redis: RedisServer;
  let address: string;
  beforeAll(async () => {
    redis = await startRedisServer(undefined, { password: 'the-right-one' });
    address = `127.0.0.1:${redis.port}`;
  });
  afterAll(() => redis.stop());

  it.each([
    ['a wrong password', ':wrong-one@', 'WRONGPASS'],
    ['no password', '', 'NOAUTH'],
  ])(
    'fails the worker start at once with %s',
    async (_case, auth, answer) => {
      const warnings: string[] = [];
      const error: unknown = await startToolWorker(new ToolRegistry(), {
        connection: `redis://${auth}${address}`,
        startTimeoutMs: NEVER_MS,
        logger: { warn: (message) => void warnings.push(message) },
      }).catch((caught: unknown) => caught);

      expect(error).toBeInstanceOf(RedisRefusedError);
      expect((error as Error).message).toMatch(
        new RegExp(
          `^Redis at ${address} refused the connection \\(${answer} .*\\); check the user name and password of the connection, and that user's rights$`,
        ),
      );
      expect(((error as Error).cause as Error).message).toMatch(new RegExp(`^${answer} `));
      expect(warnings.join('\n')).not.toContain('cannot reach');
      expect(warnings.join('\n')).not.toContain('wrong-one');
      expect((error as Error).message).not.toContain('wrong-one');
    },
    30_000,
  );

  describe('the queue', () => {
    const warnings: string[] = [];
    let jobs: ToolJobs;
    let registry: ToolRegistry;
    beforeAll(() => {
      jobs = new ToolJobs({
        connection: `redis://:wrong-one@${address}`,
        offlineTimeoutMs: NEVER_MS,
        logger: { warn: (message) => void warnings.push(message) },
      });
      registry = new ToolRegistry({ jobs }).register(new ReportService({} as never));
    });
    afterAll(() => jobs.close(), 15_000);

    it('rejects enqueue, status, cancel and wait at once with RedisRefusedError', async () => {
      const request = { tool: 'export_orders', input: { month: '2026-01' } };
      for (const operation of [
        () => jobs.enqueue(request),
        () => jobs.status('job-1'),
        () => jobs.cancel('job-1'),
        () => jobs.wait('job-1', 'export_orders'),
      ]) {
        const error: unknown = await operation().catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(RedisRefusedError);
        expect((error as Error).message).toMatch(
          new RegExp(`^Redis at ${address} refused the connection \\(WRONGPASS `),
        );
      }
    }, 30_000);

    it('answers a call with no time limit that it could not be queued, and warns why', async () => {
      expect(await registry.call('export_orders', { month: '2026-01' })).toEqual({
        content: 'Tool "export_orders" could not be queued',
        isError: true,
      });
      const said = warnings.join('\n');
      expect(said).toContain(`Redis at ${address} refused the connection of the queue`);
      expect(said).toContain('could not run "export_orders" as a job: Redis at');
      expect(said).not.toContain('cannot reach');
      expect(said).not.toContain('wrong-one');
    }, 30_000);
  });
});
