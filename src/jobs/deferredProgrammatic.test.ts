/**
 * A call made from code (programmatic tool calling) of a long-running tool, with
 * `longRunning: 'defer'`: its job is enqueued, the run pauses for it (`pending_jobs`), and
 * another instance resumes it with the job's outcome, sending the result alone in the container
 * the paused response named. A real redis-server, a worker in this process.
 */
import Anthropic from '@anthropic-ai/sdk';
import Redis from 'ioredis';
import { ToolAgent } from '../agent/ToolAgent';
import { RedisApprovalStore } from '../approvals/RedisApprovalStore';
import { ToolRegistry } from '../registry/ToolRegistry';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer } from '../testing/types';
import {
  callFromCode,
  codeResult,
  inContainer,
  runCode,
} from '../testing/__fixtures__/codeExecutionTurns';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';
import type { RedisServer } from '../../test/startRedisServer';
import { TallyService } from './__fixtures__/TallyService';
import { startToolWorker } from './startToolWorker';
import type { RunningToolWorker } from './startToolWorker';
import { ToolJobs } from './ToolJobs';

describeWithServer(redisMissing, 'a deferred call from code', () => {
  let redis: RedisServer;
  let client: Redis;
  let jobs: ToolJobs;
  let worker: RunningToolWorker;
  let api: ScriptedServer;

  beforeAll(async () => {
    redis = await startRedisServer();
    client = new Redis(redis.url);
    jobs = new ToolJobs({ connection: redis.url });
    worker = await startToolWorker(new ToolRegistry().register(new TallyService(client)), {
      connection: redis.url,
    });
  }, 30_000);

  afterAll(async () => {
    await api?.close();
    await worker?.close();
    await jobs?.close();
    await client?.quit();
    await redis?.stop();
  });

  const instance = () =>
    new ToolAgent({
      client: new Anthropic({ apiKey: 'test', baseURL: api.url, maxRetries: 0 }),
      registry: new ToolRegistry({ jobs }).register(new TallyService(client)),
      model: 'claude-test',
      approvals: 'pause',
      approvalStore: new RedisApprovalStore({ client }),
      longRunning: 'defer',
    });

  it('pauses for the job and resumes in the container, answering with the result alone', async () => {
    api = await startScriptedServer({
      turns: [
        inContainer('container_j', [
          runCode('srvtoolu_j', 'print(await tally(region="west"))'),
          callFromCode('srvtoolu_j', 'toolu_j1', 'tally', { region: 'west' }),
        ]),
        inContainer('container_j', [
          codeResult('srvtoolu_j', "{'region': 'west', 'total': 42}"),
          { type: 'text', text: 'West sold 42.' },
        ]),
      ],
    });
    const paused = await instance().run('Total the west');
    if (paused.status !== 'pending_jobs')
      throw new Error(`expected pending_jobs, got ${paused.status}`);
    expect(paused.jobs.map((job) => job.id)).toEqual(['toolu_j1']);
    expect(api.requests).toHaveLength(1);

    const result = await instance().resume(paused.runId);
    expect(result.status).toBe('completed');
    expect(api.pairingViolations).toEqual([]);
    const sent = api.requests[1]!.body as { container?: unknown; messages: { content: unknown }[] };
    expect(sent.container).toBe('container_j');
    expect(sent.messages.at(-1)!.content).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_j1', content: '{"region":"west","total":42}' },
    ]);
    expect(await client.get('tally:west')).toBe('1');
  }, 60_000);
});
