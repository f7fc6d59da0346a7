/**
 * Long-running tools as durable jobs (issue 23), end to end: a real redis-server, BullMQ, and
 * workers in other processes. The agent's call of a long-running tool runs on a worker, with
 * progress; a worker killed mid-job (SIGKILL) loses nothing: another takes the job back and it
 * completes, its effect made once by the call's idempotency key; aborting the agent cancels
 * the job where it runs; a crash is retried, a `ToolError` is not.
 */
import Anthropic from '@anthropic-ai/sdk';
import Redis from 'ioredis';
import { say } from '../agent/__fixtures__/harness';
import { ToolAgent } from '../agent/ToolAgent';
import type { AgentEvent } from '../agent/types';
import { ToolRegistry } from '../registry/ToolRegistry';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer } from '../testing/types';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';
import type { RedisServer } from '../../test/startRedisServer';
import { until } from '../../test/until';
import { hasLoneSurrogate } from '../text/cutAtCodePoint';
import { readLog, ReportService } from './__fixtures__/ReportService';
import { spawnWorker } from './__fixtures__/spawnWorker';
import type { WorkerProcess } from './__fixtures__/spawnWorker';
import { IdempotencyKeyReusedError } from './IdempotencyKeyReusedError';
import { jobIdOf } from './jobIdOf';
import { startToolWorker } from './startToolWorker';
import { ToolJobs } from './ToolJobs';

describeWithServer(redisMissing, 'durable tool jobs on BullMQ', () => {
  let redis: RedisServer;
  let client: Redis;
  let jobs: ToolJobs;
  let registry: ToolRegistry;
  let api: ScriptedServer | undefined;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    client = new Redis(redis.url);
    jobs = new ToolJobs({ connection: redis.url, backoff: { type: 'fixed', delay: 100 } });
    // This process only enqueues: its registry runs no worker.
    registry = new ToolRegistry({ jobs }).register(new ReportService(client));
  }, 30_000);

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.kill()));
    await api?.close();
    api = undefined;
    await client.flushall();
  });

  afterAll(async () => {
    await jobs?.close();
    await client?.quit();
    await redis?.stop();
  });

  it('runs the agent’s long-running call on a worker in another process, with progress', async () => {
    const worker = await spawnWorker(redis.url);
    workers.push(worker);
    api = await startScriptedServer({
      turns: [
        {
          content: [
            { type: 'tool_use', id: 'tu_1', name: 'export_orders', input: { month: '2026-10' } },
          ],
        },
        say('The report is ready.'),
      ],
    });
    const agent = new ToolAgent({
      client: new Anthropic({ apiKey: 'test', baseURL: api.url, maxRetries: 0 }),
      registry,
      model: 'claude-test',
    });
    await client.set('gate:2026-10', 'open');
    const events: AgentEvent[] = [];
    for await (const event of agent.stream('Export October')) events.push(event);

    const result = events.find((event) => event.type === 'tool_result');
    expect(result).toMatchObject({
      id: 'tu_1',
      content: 'Exported the orders of 2026-10 to exports/2026-10.csv',
      isError: false,
    });
    const progress = events.filter((event) => event.type === 'tool_progress');
    expect(progress.map((event) => (event as { progress: number }).progress)).toEqual(
      expect.arrayContaining([1, 3]),
    );
    const log = await readLog(client);
    expect(log).toEqual([
      { event: 'started', key: 'tu_1', pid: worker.pid },
      { event: 'exported', key: 'tu_1', pid: worker.pid },
    ]);
    const sent = api.requests[1]!.body as { messages: { content: unknown[] }[] };
    expect(sent.messages.at(-1)!.content[0]).toMatchObject({
      type: 'tool_result',
      tool_use_id: 'tu_1',
    });
  }, 60_000);

  it('retries the job of a worker killed mid-job on another one, and makes its effect once', async () => {
    const doomed = await spawnWorker(redis.url);
    workers.push(doomed);
    const outcome = registry.call('export_orders', { month: '2026-09' }, { toolUseId: 'tu_2' });
    await until(async () => (await readLog(client)).length > 0, 'the first attempt');
    await doomed.kill();
    // The job stays locked by the dead worker until its lock expires; then a live one takes it.
    const survivor = await spawnWorker(redis.url);
    workers.push(survivor);
    await client.set('gate:2026-09', 'open');

    expect(await outcome).toEqual({
      content: 'Exported the orders of 2026-09 to exports/2026-09.csv',
      isError: false,
    });
    const log = await readLog(client);
    expect(log.filter((line) => line.event === 'started').map((line) => line.pid)).toEqual([
      doomed.pid,
      survivor.pid,
    ]);
    expect(log.filter((line) => line.event === 'exported')).toEqual([
      { event: 'exported', key: 'tu_2', pid: survivor.pid },
    ]);
  }, 60_000);

  it('runs the same call (the same key) once, however many callers ask for it', async () => {
    workers.push(await spawnWorker(redis.url));
    await client.set('gate:2026-08', 'open');
    const options = { toolUseId: 'tu_3', idempotencyKey: 'run-1:tu_3' };
    const [first, second] = await Promise.all([
      registry.call('export_orders', { month: '2026-08' }, options),
      registry.call('export_orders', { month: '2026-08' }, options),
    ]);
    expect(first).toEqual(second);
    const again = await registry.call('export_orders', { month: '2026-08' }, options);
    expect(again).toEqual(first);
    expect((await readLog(client)).map((line) => line.event)).toEqual(['started', 'exported']);
  }, 60_000);

  it('cancels the job where it runs when the agent is aborted', async () => {
    const worker = await spawnWorker(redis.url);
    workers.push(worker);
    api = await startScriptedServer({
      turns: [
        {
          content: [
            { type: 'tool_use', id: 'tu_4', name: 'export_orders', input: { month: '2026-07' } },
          ],
        },
        say('unused'),
      ],
    });
    const agent = new ToolAgent({
      client: new Anthropic({ apiKey: 'test', baseURL: api.url, maxRetries: 0 }),
      registry,
      model: 'claude-test',
    });
    const controller = new AbortController();
    const run = agent.run('Export July', { signal: controller.signal });
    await until(async () => (await readLog(client)).length > 0, 'the job to start');
    controller.abort();
    await expect(run).rejects.toThrow();
    await until(
      async () => (await readLog(client)).some((line) => line.event === 'aborted'),
      'the worker to see the cancellation',
    );
    // Once the job failed for good (the queue's own record), no worker runs it again: opening
    // the gate makes no export.
    const jobId = jobIdOf('export_orders', 'tu_4');
    await until(
      async () =>
        (await client.hget(`toolwright:toolwright-tools:${jobId}`, 'finishedOn')) !== null,
      'the queue to fail the cancelled job',
    );
    await client.set('gate:2026-07', 'open');
    expect((await readLog(client)).map((line) => line.event)).toEqual(['started', 'aborted']);
    const status = await jobs.status(jobId);
    expect(status.state).toBe('cancelled');
  }, 60_000);

  it('retries a crash, and answers a ToolError at once', async () => {
    const local = await startToolWorker(registry, { connection: redis.url });
    try {
      expect(await registry.call('flaky_count', { what: 'orders' }, { toolUseId: 'tu_5' })).toEqual(
        {
          content: 'Counted orders: 42',
          isError: false,
        },
      );
      expect(
        await registry.call('refuse_export', { month: '2026-06' }, { toolUseId: 'tu_6' }),
      ).toEqual({
        content: 'Exports of 2026-06 are closed',
        isError: true,
      });
      const log = await readLog(client);
      expect(log.filter((line) => line.key === 'tu_5').map((line) => line.event)).toEqual([
        'crashed',
      ]);
      expect(log.filter((line) => line.key === 'tu_6').map((line) => line.event)).toEqual([
        'started',
      ]);
    } finally {
      await local.close();
    }
  }, 60_000);

  it('gives the worker the caller the endpoint found (claims only as JSON)', async () => {
    const local = await startToolWorker(registry, { connection: redis.url });
    try {
      const user: Record<string, unknown> = { name: 'Ada' };
      user.self = user; // a user object with a cycle is no JSON: the claims stay behind
      const caller = { id: 'ada', scopes: ['reports:read'], roles: ['analyst'] };
      expect(
        await registry.call(
          'who_asked',
          { month: '2026-05' },
          { caller: { ...caller, claims: { tenant: 't1' } } },
        ),
      ).toEqual({ content: '2026-05: ada [reports:read] {"tenant":"t1"}', isError: false });
      expect(
        await registry.call(
          'who_asked',
          { month: '2026-04' },
          { caller: { ...caller, claims: { user } } },
        ),
      ).toEqual({ content: '2026-04: ada [reports:read] null', isError: false });
      expect(await registry.call('who_asked', { month: '2026-03' })).toEqual({
        content: '2026-03: nobody',
        isError: false,
      });
    } finally {
      await local.close();
    }
  }, 60_000);

  it('leaves a job to the workers that have its tool, and says so when none has', async () => {
    const stale = await startToolWorker(new ToolRegistry(), { connection: redis.url });
    const once = new ToolJobs({
      connection: redis.url,
      attempts: 2,
      backoff: { type: 'fixed', delay: 50 },
    });
    try {
      const outcome = await new ToolRegistry({ jobs: once })
        .register(new ReportService(client))
        .call('export_orders', { month: '2026-05' }, { toolUseId: 'tu_8' });
      expect(outcome).toEqual({
        content:
          'Tool "export_orders" failed: this worker has no tool "export_orders"; is it up to date?',
        isError: true,
      });
      expect(await readLog(client)).toEqual([]);
    } finally {
      await stale.close();
      await once.close();
    }
  }, 60_000);

  it('rejects invalid input before anything is queued', async () => {
    const outcome = await registry.call('export_orders', { month: 7 }, { toolUseId: 'tu_7' });
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/month/);
    expect((await jobs.status(jobIdOf('export_orders', 'tu_7'))).state).toBe('unknown');
  });

  it('refuses a key another call holds, and never answers with that call’s result', async () => {
    workers.push(await spawnWorker(redis.url));
    await client.set('gate:2026-04', 'open');
    const key = { idempotencyKey: 'order-77' };
    expect(await registry.call('export_orders', { month: '2026-04' }, key)).toEqual({
      content: 'Exported the orders of 2026-04 to exports/2026-04.csv',
      isError: false,
    });
    // The same call made again joins it.
    expect((await registry.call('export_orders', { month: '2026-04' }, key)).isError).toBe(false);

    expect(await registry.call('export_orders', { month: '2026-03' }, key)).toEqual({
      content:
        'Tool "export_orders" was not run: idempotency key "order-77" already belongs to a call of "export_orders" with other input, so this call was refused; give each call its own key (the same key only for the same call made again)',
      isError: true,
    });
    const otherTool = await registry.call('flaky_count', { what: 'orders' }, key);
    expect(otherTool.isError).toBe(true);
    expect(otherTool.content).toContain(
      'idempotency key "order-77" already belongs to a call of "export_orders", not "flaky_count"',
    );
    const refused = jobs.enqueue({ tool: 'export_orders', input: { month: '2026-03' } }, key);
    await expect(refused).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    expect((await readLog(client)).map((line) => line.event)).toEqual(['started', 'exported']);
  }, 60_000);

  it('quotes a long reused key cut before an emoji, never inside it', async () => {
    // 79 letters, then an emoji across units 80-81: a cut at 80 UTF-16 units would split it.
    const key = { idempotencyKey: `${'k'.repeat(79)}😀 and more` };
    await jobs.enqueue({ tool: 'export_orders', input: { month: '2026-06' } }, key);
    const refused = await jobs
      .enqueue({ tool: 'export_orders', input: { month: '2026-07' } }, key)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(IdempotencyKeyReusedError);
    const message = (refused as Error).message;
    const quoted = /^idempotency key ("(?:[^"\\]|\\.)*")/.exec(message)?.[1] ?? '';
    expect(JSON.parse(quoted)).toBe(`${'k'.repeat(79)}…`);
    expect(hasLoneSurrogate(JSON.parse(quoted) as string)).toBe(false);
  });

  it('refuses a key reused for the same items in another order', async () => {
    const key = { idempotencyKey: 'order-79' };
    const first = { tool: 'export_orders', input: { month: '2026-05', ids: [1, 2] } };
    const jobId = await jobs.enqueue(first, key);
    // The same call made again joins its job; the items in another order are another call.
    expect(await jobs.enqueue({ ...first, input: { ids: [1, 2], month: '2026-05' } }, key)).toBe(
      jobId,
    );
    const reordered = jobs.enqueue({ ...first, input: { month: '2026-05', ids: [2, 1] } }, key);
    await expect(reordered).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
  });

  it('refuses a key another caller holds, so no caller joins (and reads) another caller’s job', async () => {
    const first = { tool: 'export_orders', input: { month: '2026-01' } };
    const alice = { idempotencyKey: 'order-80', caller: { id: 'alice', scopes: [], roles: [] } };
    const bob = { ...alice, caller: { id: 'bob', scopes: [], roles: [] } };
    const jobId = await jobs.enqueue(first, alice);
    expect(await jobs.enqueue(first, alice)).toBe(jobId);
    const refused = await jobs.enqueue(first, bob).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(IdempotencyKeyReusedError);
    expect((refused as Error).message).toContain(
      'idempotency key "order-80" already belongs to a call of "export_orders" by another caller',
    );
  });

  it('refuses a reused key while the first call still waits for a worker', async () => {
    const key = { idempotencyKey: 'order-78', timeoutMs: 30_000 };
    const first = registry.call('export_orders', { month: '2026-02' }, key);
    const jobId = jobIdOf('export_orders', 'order-78');
    await until(async () => (await jobs.status(jobId)).state === 'queued', 'the first job');
    const second = await registry.call('export_orders', { month: '2026-01' }, key);
    expect(second.isError).toBe(true);
    expect(second.content).toContain(
      'already belongs to a call of "export_orders" with other input',
    );
    // The refused call cancelled nothing: the first one's job is still there for a worker.
    expect((await jobs.status(jobId)).state).toBe('queued');
    workers.push(await spawnWorker(redis.url));
    await client.set('gate:2026-02', 'open');
    expect(await first).toEqual({
      content: 'Exported the orders of 2026-02 to exports/2026-02.csv',
      isError: false,
    });
  }, 60_000);
});
