/**
 * A job hop in the trace (issue 23): the agent's `execute_tool` span of a long-running call and
 * the worker's span of its job, linked. A real redis-server, BullMQ, a worker in this process,
 * OpenTelemetry's SDK with its in-memory exporter.
 */
import Anthropic from '@anthropic-ai/sdk';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import Redis from 'ioredis';
import { say } from '../agent/__fixtures__/harness';
import { ToolAgent } from '../agent/ToolAgent';
import { ToolRegistry } from '../registry/ToolRegistry';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer } from '../testing/types';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';
import type { RedisServer } from '../../test/startRedisServer';
import { ReportService } from './__fixtures__/ReportService';
import { startToolWorker } from './startToolWorker';
import type { RunningToolWorker } from './startToolWorker';
import { ToolJobs } from './ToolJobs';

describeWithServer(redisMissing, 'the trace of a job hop', () => {
  let redis: RedisServer;
  let client: Redis;
  let jobs: ToolJobs;
  let worker: RunningToolWorker;
  let api: ScriptedServer;
  const exporter = new InMemorySpanExporter();

  beforeAll(async () => {
    trace.setGlobalTracerProvider(
      new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
    );
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    redis = await startRedisServer();
    client = new Redis(redis.url);
    jobs = new ToolJobs({ connection: redis.url });
    const registry = new ToolRegistry({ jobs }).register(new ReportService(client));
    worker = await startToolWorker(registry, { connection: redis.url });
    api = await startScriptedServer({
      turns: [
        {
          content: [
            { type: 'tool_use', id: 'tu_t', name: 'export_orders', input: { month: '2026-11' } },
          ],
        },
        say('Done.'),
      ],
    });
  }, 30_000);

  afterAll(async () => {
    await api?.close();
    await worker?.close();
    await jobs?.close();
    await client?.quit();
    await redis?.stop();
    trace.disable();
    context.disable();
  });

  it('links the worker’s span of the job to the agent’s span of the call', async () => {
    await client.set('gate:2026-11', 'open');
    const agent = new ToolAgent({
      client: new Anthropic({ apiKey: 'test', baseURL: api.url, maxRetries: 0 }),
      registry: new ToolRegistry({ jobs }).register(new ReportService(client)),
      model: 'claude-test',
    });
    const result = await agent.run('Export November');
    expect(result.status).toBe('completed');

    const spans = exporter.getFinishedSpans();
    const [run] = spans.filter((span) => span.name.startsWith('invoke_agent'));
    const tools = spans.filter((span) => span.name === 'execute_tool export_orders');
    expect(tools).toHaveLength(2);
    const caller = tools.find((span) => span.kind === 0)!; // INTERNAL: the agent's
    const job = tools.find((span) => span.kind === 4)!; // CONSUMER: the worker's
    expect(caller.parentSpanContext?.spanId).toBe(run!.spanContext().spanId);
    expect(job.links.map((link) => link.context.spanId)).toEqual([caller.spanContext().spanId]);
    expect(job.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'export_orders',
      'gen_ai.tool.call.id': 'tu_t',
      'toolwright.job.attempt': 1,
      'toolwright.tool.outcome': 'ok',
    });
    expect(String(job.attributes['toolwright.job.id'])).toMatch(/^tw-[0-9a-f]{40}$/);
  }, 30_000);
});
