/**
 * A deferred long-running call through Amazon Bedrock and Vertex AI (issue 33): the run pauses
 * for its BullMQ job and another instance, on its own platform client, resumes it from Redis
 * with the job's outcome. The real `AnthropicBedrock` / `AnthropicVertex` clients against the
 * testing kit's platform routes, a real redis-server, a worker in this process.
 */
import Redis from 'ioredis';
import { say } from '../agent/__fixtures__/harness';
import { ToolAgent } from '../agent/ToolAgent';
import { RedisApprovalStore } from '../approvals/RedisApprovalStore';
import { ToolRegistry } from '../registry/ToolRegistry';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer } from '../testing/types';
import {
  PLATFORM_MODELS,
  bedrockClient,
  vertexClient,
} from '../testing/__fixtures__/platformClients';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';
import type { RedisServer } from '../../test/startRedisServer';
import { ReportService } from './__fixtures__/ReportService';
import { startToolWorker } from './startToolWorker';
import type { RunningToolWorker } from './startToolWorker';
import { ToolJobs } from './ToolJobs';

describeWithServer(redisMissing, 'deferred long-running calls on Bedrock and Vertex', () => {
  let redis: RedisServer;
  let client: Redis;
  let jobs: ToolJobs;
  let worker: RunningToolWorker;
  let api: ScriptedServer | undefined;

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
    api = undefined;
  });

  afterAll(async () => {
    await worker?.close();
    await jobs?.close();
    await client?.quit();
    await redis?.stop();
  });

  it.each([
    ['Bedrock', 'bedrock', bedrockClient, PLATFORM_MODELS.bedrock, '2028-01'],
    ['Vertex', 'vertex', vertexClient, PLATFORM_MODELS.vertex, '2028-02'],
  ] as const)(
    '%s: pauses for the job, and another instance resumes the run with its outcome',
    async (_name, platform, makeClient, model, month) => {
      api = await startScriptedServer({
        turns: [
          {
            content: [
              { type: 'tool_use', id: `tu_${platform}`, name: 'export_orders', input: { month } },
            ],
          },
          say('Exported.'),
        ],
      });
      const instance = () =>
        new ToolAgent({
          client: makeClient(api!.url, { maxRetries: 0 }),
          registry: new ToolRegistry({ jobs }).register(new ReportService(client)),
          model,
          approvals: 'pause',
          approvalStore: new RedisApprovalStore({ client }),
          longRunning: 'defer',
        });
      const paused = await instance().run(`Export ${month}`);
      if (paused.status !== 'pending_jobs')
        throw new Error(`expected a pause, got ${paused.status}`);
      expect(paused.jobs).toEqual([
        { id: `tu_${platform}`, name: 'export_orders', jobId: expect.stringMatching(/^tw-/) },
      ]);

      await client.set(`gate:${month}`, 'open');
      const result = await instance().resume(paused.runId);
      expect(result.status === 'completed' && result.finalText).toBe('Exported.');
      expect(api.pairingViolations).toEqual([]);
      expect(api.requests.map((request) => [request.platform, request.model])).toEqual([
        [platform, model],
        [platform, model],
      ]);
      const sent = api.requests[1].body.messages as { content: unknown }[];
      expect(sent.at(-1)!.content).toEqual([
        expect.objectContaining({
          tool_use_id: `tu_${platform}`,
          content: `Exported the orders of ${month} to exports/${month}.csv`,
        }),
      ]);
    },
    60_000,
  );
});
