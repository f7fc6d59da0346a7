/**
 * Spans across boundaries (issue 23): a run paused for approval and resumed later is two run
 * spans, the resumed one linked to the paused one; the registry, asked to trace its own calls,
 * gives a direct call its `execute_tool` span and adds none under an agent's. The in-memory
 * exporter of OpenTelemetry's SDK, the real client against the scripted server.
 */
import Anthropic from '@anthropic-ai/sdk';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { say, use } from '../agent/__fixtures__/harness';
import { ShopService } from '../agent/__fixtures__/ShopService';
import { ToolAgent } from '../agent/ToolAgent';
import { MemoryApprovalStore } from '../approvals/MemoryApprovalStore';
import { ToolRegistry } from '../registry/ToolRegistry';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer, ScriptedTurn } from '../testing/types';

let server: ScriptedServer | undefined;
let exporter: InMemorySpanExporter;

beforeEach(() => {
  exporter = new InMemorySpanExporter();
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  trace.disable();
  context.disable();
});

async function agentOf(
  turns: ScriptedTurn[],
  registry: ToolRegistry,
  store = new MemoryApprovalStore(),
) {
  server = await startScriptedServer({ turns });
  const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
  return new ToolAgent({
    client,
    registry,
    model: 'claude-test',
    approvals: 'pause',
    approvalStore: store,
  });
}

const named = (prefix: string): ReadableSpan[] =>
  exporter.getFinishedSpans().filter((span) => span.name.startsWith(prefix));

describe('spans across a pause, and the registry’s own', () => {
  it('links the resumed run’s span to the span of the run that paused', async () => {
    const registry = new ToolRegistry().register(new ShopService());
    const agent = await agentOf(
      [use({ id: 'r1', name: 'refund', input: { orderId: 'o-1', amount: 5 } }), say('Refunded.')],
      registry,
    );
    const paused = await agent.run('Refund o-1');
    if (paused.status !== 'pending_approval') throw new Error('expected a pause');
    expect(paused.state.trace).toEqual({ traceparent: expect.stringMatching(/^00-[0-9a-f]{32}-/) });
    await agent.resume(paused.runId, { r1: true });

    const runs = named('invoke_agent');
    expect(runs).toHaveLength(2);
    const [first, second] = runs;
    expect(first!.attributes['gen_ai.conversation.id']).toBe(paused.runId);
    expect(second!.attributes['gen_ai.conversation.id']).toBe(paused.runId);
    expect(second!.links.map((link) => link.context.spanId)).toEqual([first!.spanContext().spanId]);
    expect(second!.links[0]!.context.traceId).toBe(first!.spanContext().traceId);
  });

  it('traces a direct call when asked, and adds no span under an agent’s tool span', async () => {
    const registry = new ToolRegistry({ telemetry: true }).register(new ShopService());
    await registry.call('get_weather', { city: 'Oslo' }, { toolUseId: 'direct_1' });
    await registry.call('add', { a: 'two', b: 3 }, { toolUseId: 'direct_2' });
    const direct = named('execute_tool');
    expect(direct.map((span) => [span.name, span.attributes])).toEqual([
      [
        'execute_tool get_weather',
        {
          'gen_ai.operation.name': 'execute_tool',
          'gen_ai.tool.name': 'get_weather',
          'gen_ai.tool.type': 'function',
          'gen_ai.tool.call.id': 'direct_1',
          'toolwright.tool.validation': 'valid',
          'toolwright.tool.outcome': 'ok',
        },
      ],
      [
        'execute_tool add',
        expect.objectContaining({
          'toolwright.tool.validation': 'invalid',
          'toolwright.tool.outcome': 'invalid',
          'error.type': 'tool_invalid',
        }),
      ],
    ]);
    exporter.reset();

    const agent = await agentOf(
      [use({ id: 'call_w', name: 'get_weather', input: { city: 'Oslo' } }), say('Sunny.')],
      registry,
    );
    await agent.run('Weather in Oslo?');
    const tools = named('execute_tool');
    expect(tools).toHaveLength(1);
    expect(tools[0]!.attributes['gen_ai.tool.call.id']).toBe('call_w');
  });

  it('makes nothing without `telemetry`', async () => {
    const registry = new ToolRegistry().register(new ShopService());
    await registry.call('get_weather', { city: 'Oslo' });
    expect(named('execute_tool')).toEqual([]);
  });
});
