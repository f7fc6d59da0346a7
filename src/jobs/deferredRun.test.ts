/**
 * A run that defers its long-running calls (`longRunning: 'defer'`, issue 23): the call's job
 * is enqueued once validated, the turn's other calls are answered, and `run()` returns
 * `pending_jobs` naming the job; `resume(runId)` on another instance (the paused run in Redis,
 * the job on BullMQ) answers the call from the job's outcome and the run completes, every
 * `tool_use` answered by exactly one `tool_result`. A real redis-server, a worker in this process.
 */
import Anthropic from '@anthropic-ai/sdk';
import Redis from 'ioredis';
import { say } from '../agent/__fixtures__/harness';
import { ToolAgent } from '../agent/ToolAgent';
import { RedisApprovalStore } from '../approvals/RedisApprovalStore';
import { ToolwrightError } from '../errors/ToolwrightError';
import { ToolRegistry } from '../registry/ToolRegistry';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer } from '../testing/types';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';
import type { RedisServer } from '../../test/startRedisServer';
import { sleep, until } from '../../test/until';
import { readLog, ReportService } from './__fixtures__/ReportService';
import { resumeDeferredRuns } from './resumeDeferredRuns';
import { startToolWorker } from './startToolWorker';
import type { RunningToolWorker } from './startToolWorker';
import { ToolJobs } from './ToolJobs';

describeWithServer(redisMissing, 'deferred long-running calls', () => {
  let redis: RedisServer;
  let client: Redis;
  let jobs: ToolJobs;
  let worker: RunningToolWorker;
  let api: ScriptedServer;

  beforeAll(async () => {
    redis = await startRedisServer();
    client = new Redis(redis.url);
    jobs = new ToolJobs({ connection: redis.url });
    worker = await startToolWorker(new ToolRegistry().register(new ReportService(client)), {
      connection: redis.url,
    });
  }, 30_000);

  afterEach(async () => {
    await api?.close();
  });

  afterAll(async () => {
    await worker?.close();
    await jobs?.close();
    await client?.quit();
    await redis?.stop();
  });

  /** One instance: its registry (which only enqueues) and agent, sharing Redis. */
  const instance = () =>
    new ToolAgent({
      client: new Anthropic({ apiKey: 'test', baseURL: api.url, maxRetries: 0 }),
      registry: new ToolRegistry({ jobs }).register(new ReportService(client)),
      model: 'claude-test',
      approvals: 'pause',
      approvalStore: new RedisApprovalStore({ client }),
      longRunning: 'defer',
    });

  it('pauses for the job, and another instance resumes the run with its outcome', async () => {
    api = await startScriptedServer({
      turns: [
        {
          content: [
            { type: 'tool_use', id: 'tu_d1', name: 'export_orders', input: { month: '2026-12' } },
            { type: 'tool_use', id: 'tu_d2', name: 'count_orders', input: { month: '2026-12' } },
          ],
        },
        say('Exported, and 42 orders.'),
      ],
    });
    const paused = await instance().run('Export December and count its orders');
    expect(paused.status).toBe('pending_jobs');
    if (paused.status === 'completed') throw new Error('expected a pause');
    expect(paused.pending).toEqual([]);
    expect(paused.jobs).toEqual([
      { id: 'tu_d1', name: 'export_orders', jobId: expect.stringMatching(/^tw-/) },
    ]);
    expect(api.requests).toHaveLength(1);
    expect((await jobs.status(paused.jobs[0]!.jobId)).state).toBe('running');

    await client.set('gate:2026-12', 'open');
    const result = await instance().resume(paused.runId);
    expect(result.status).toBe('completed');
    expect(api.pairingViolations).toEqual([]);
    const sent = api.requests[1]!.body as { messages: { content: unknown }[] };
    expect(sent.messages.at(-1)!.content).toEqual([
      expect.objectContaining({
        type: 'tool_result',
        tool_use_id: 'tu_d1',
        content: 'Exported the orders of 2026-12 to exports/2026-12.csv',
      }),
      expect.objectContaining({
        type: 'tool_result',
        tool_use_id: 'tu_d2',
        content: '2026-12: 42 orders',
      }),
    ]);
    // The job ran once, on the worker, keyed by the call id.
    const log = await readLog(client);
    expect(log.filter((l) => l.key === 'tu_d1').map((l) => l.event)).toEqual([
      'started',
      'exported',
    ]);
  }, 60_000);

  it('resumes by itself, once, when the job finishes: one of the listening instances does', async () => {
    api = await startScriptedServer({
      turns: [
        {
          content: [
            { type: 'tool_use', id: 'tu_a1', name: 'export_orders', input: { month: '2027-01' } },
          ],
        },
        say('January is exported.'),
      ],
    });
    const resumed: { runId: string; result: unknown }[] = [];
    const errors: unknown[] = [];
    const listeners = [
      new ToolJobs({ connection: redis.url }),
      new ToolJobs({ connection: redis.url }),
    ];
    const stops = listeners.map((queue) =>
      resumeDeferredRuns(instance(), queue, {
        onResumed: (runId, result) => resumed.push({ runId, result }),
        onError: (_runId, error) => errors.push(error),
      }),
    );
    try {
      const paused = await instance().run('Export January');
      if (paused.status !== 'pending_jobs') throw new Error('expected a pause for the job');
      await client.set('gate:2027-01', 'open');
      await until(() => resumed.length > 0, 'the run to be resumed');
      await sleep(300);
      expect(errors).toEqual([]);
      expect(resumed).toHaveLength(1);
      expect(resumed[0]).toMatchObject({
        runId: paused.runId,
        result: { status: 'completed', finalText: 'January is exported.' },
      });
      expect(api.pairingViolations).toEqual([]);
    } finally {
      stops.forEach((stop) => stop());
      await Promise.all(listeners.map((queue) => queue.close()));
    }
  }, 60_000);

  it('offers a run whose jobs finished before the run was noted', async () => {
    const resumed: string[] = [];
    const listener = new ToolJobs({ connection: redis.url });
    const stop = listener.onRunReady((runId) => resumed.push(runId));
    try {
      // The run was noted after its job finished: the queue announces it at once.
      const finished = await jobs.enqueue(
        { tool: 'count_orders', input: { month: '2027-02' } },
        { toolUseId: 'tu_early' },
      );
      await until(async () => (await jobs.status(finished)).state === 'completed', 'the job');
      await listener.awaitRun('run-early', [finished]);
      await until(() => resumed.length > 0, 'the announcement');
      expect(resumed).toEqual(['run-early']);
    } finally {
      stop();
      await listener.close();
    }
  }, 60_000);

  it('tells the model when the job cannot be queued, and goes on', async () => {
    api = await startScriptedServer({
      turns: [
        {
          content: [
            { type: 'tool_use', id: 'tu_c1', name: 'export_orders', input: { month: '2027-03' } },
          ],
        },
        say('The export could not start.'),
      ],
    });
    const closed = new ToolJobs({ connection: redis.url });
    await closed.close();
    const agent = new ToolAgent({
      client: new Anthropic({ apiKey: 'test', baseURL: api.url, maxRetries: 0 }),
      registry: new ToolRegistry({ jobs: closed }).register(new ReportService(client)),
      model: 'claude-test',
      approvals: 'pause',
      approvalStore: new RedisApprovalStore({ client }),
      longRunning: 'defer',
    });
    const result = await agent.run('Export March');
    expect(result.status).toBe('completed');
    const sent = api.requests[1]!.body as { messages: { content: unknown }[] };
    expect(sent.messages.at(-1)!.content).toEqual([
      expect.objectContaining({
        type: 'tool_result',
        tool_use_id: 'tu_c1',
        is_error: true,
        content: expect.stringMatching(/^Tool "export_orders" could not be queued: \S/),
      }),
    ]);
  }, 60_000);

  it('needs approvals: pause', () => {
    expect(
      () =>
        new ToolAgent({
          client: new Anthropic({ apiKey: 'test' }),
          registry: new ToolRegistry({ jobs }),
          model: 'claude-test',
          longRunning: 'defer',
        }),
    ).toThrow(ToolwrightError);
  });
});
