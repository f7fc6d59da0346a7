/**
 * A long-running tool's own `timeoutMs` bounds its caller when the call sets no limit (issue
 * 28): `registry.call()` with no options, and the agent in its default wait mode, answer at the
 * tool's limit whether Redis is unreachable, no worker runs, or a worker runs the job; and a
 * queue that cannot reach Redis says so, through Node's warnings when no logger is given.
 */
import Anthropic from '@anthropic-ai/sdk';
import { say } from '../agent/__fixtures__/harness';
import { ToolAgent } from '../agent/ToolAgent';
import { ToolRegistry } from '../registry/ToolRegistry';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer } from '../testing/types';
import { describeWithServer } from '../../test/describeWithServer';
import { freePort, redisMissing, startRedisServer } from '../../test/startRedisServer';
import type { RedisServer } from '../../test/startRedisServer';
import { TimedReportService } from './__fixtures__/TimedReportService';
import { until } from '../../test/until';
import { WARNING_TYPE } from './processWarnings';
import { jobIdOf } from './jobIdOf';
import { startToolWorker } from './startToolWorker';
import { ToolJobs } from './ToolJobs';

const TIMED_OUT = { content: 'Tool "yearly_report" timed out after 500 ms', isError: true };

/** An agent run of one `yearly_report` call; resolves with its `tool_result`. */
async function agentResult(registry: ToolRegistry, api: ScriptedServer): Promise<unknown> {
  const agent = new ToolAgent({
    client: new Anthropic({ apiKey: 'test', baseURL: api.url, maxRetries: 0 }),
    registry,
    model: 'claude-test',
  });
  const result = await agent.run('The 2025 report');
  expect(result.finalText).toBe('It took too long.');
  const sent = api.requests[1]!.body as { messages: { content: unknown[] }[] };
  return sent.messages.at(-1)!.content[0];
}

const script = () =>
  startScriptedServer({
    turns: [
      { content: [{ type: 'tool_use', name: 'yearly_report', input: { year: 2025 } }] },
      say('It took too long.'),
    ],
  });

describe('a long-running tool’s own time limit, Redis unreachable', () => {
  let jobs: ToolJobs;
  let registry: ToolRegistry;
  let api: ScriptedServer | undefined;
  // Observed, not replaced: Node still prints them. (Jest's sandbox does not pass them to
  // `process.on('warning')`, so the call itself is watched.)
  let emitted: jest.SpyInstance;

  beforeAll(async () => {
    emitted = jest.spyOn(process, 'emitWarning');
    jobs = new ToolJobs({ connection: `redis://127.0.0.1:${await freePort()}` });
    registry = new ToolRegistry({ jobs }).register(new TimedReportService());
  });
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });
  afterAll(async () => {
    emitted.mockRestore();
    await jobs.close();
  });

  it('answers a call with no options at the tool’s limit', async () => {
    expect(await registry.call('yearly_report', { year: 2025 })).toEqual(TIMED_OUT);
  });

  it('gives the agent a tool_result in the default wait mode', async () => {
    api = await script();
    expect(await agentResult(registry, api)).toMatchObject({
      type: 'tool_result',
      is_error: true,
      content: TIMED_OUT.content,
    });
  });

  it('says, without a logger, that the queue cannot reach Redis, once', () => {
    const unreachable = emitted.mock.calls.filter(([message]) =>
      /cannot reach Redis/.test(String(message)),
    );
    expect(unreachable).toEqual([
      [
        expect.stringMatching(
          /^toolwright\/jobs: the queue "toolwright-tools" cannot reach Redis \(.*ECONNREFUSED.*\)/,
        ),
        { type: WARNING_TYPE },
      ],
    ]);
  });
});

describeWithServer(redisMissing, 'a long-running tool’s own time limit, with Redis', () => {
  let redis: RedisServer;
  let jobs: ToolJobs;
  let registry: ToolRegistry;
  let api: ScriptedServer | undefined;

  beforeAll(async () => {
    redis = await startRedisServer();
    jobs = new ToolJobs({ connection: redis.url });
    registry = new ToolRegistry({ jobs }).register(new TimedReportService());
  }, 30_000);
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });
  afterAll(async () => {
    await jobs?.close();
    await redis?.stop();
  });

  it('answers a call with no options at the tool’s limit when no worker runs', async () => {
    expect(await registry.call('yearly_report', { year: 2024 })).toEqual(TIMED_OUT);
  });

  it('gives the agent a tool_result when no worker runs', async () => {
    api = await script();
    expect(await agentResult(registry, api)).toMatchObject({
      type: 'tool_result',
      is_error: true,
      content: TIMED_OUT.content,
    });
  });

  it('takes the caller’s key, signal, limit and progress listener instead', async () => {
    const controller = new AbortController();
    const reports: unknown[] = [];
    const outcome = await registry.call(
      'yearly_report',
      { year: 2022 },
      {
        idempotencyKey: 'yearly-report:2022',
        signal: controller.signal,
        timeoutMs: 300,
        onProgress: (report) => reports.push(report),
      },
    );
    expect(outcome).toEqual({
      content: 'Tool "yearly_report" timed out after 300 ms',
      isError: true,
    });
    // The job of the key is cancelled once the call gave up (right after it answered).
    const jobId = jobIdOf('yearly_report', 'yearly-report:2022');
    await until(async () => (await jobs.status(jobId)).state === 'cancelled', 'the cancel');
  });

  it('answers at the tool’s limit when a worker runs the job', async () => {
    const worker = await startToolWorker(new ToolRegistry().register(new TimedReportService()), {
      connection: redis.url,
    });
    try {
      expect(await registry.call('yearly_report', { year: 2023 })).toEqual(TIMED_OUT);
    } finally {
      await worker.close();
    }
  });
});
