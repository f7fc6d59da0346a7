/**
 * OpenTelemetry spans and metrics of an agent (issue 23): the real client against the scripted
 * server, OpenTelemetry's SDK registered globally (as NodeSDK does) with its in-memory exporter.
 * A two-tool turn gives the span tree of the GenAI semantic conventions: the run span, the
 * Anthropic SDK's own client span per request and a span per tool call, all children of the
 * run, with the conventions' attribute names (and no second span per request); arguments and
 * results only when asked; the metrics count calls and record durations and tokens. The tree
 * docs/production.md shows under "OpenTelemetry" is the one this turn gives.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import type { ResourceMetrics } from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { say, startHarness, use } from '../agent/__fixtures__/harness';
import type { Harness } from '../agent/__fixtures__/harness';
import type { TelemetryOptions } from './types';

/** A metric reader the test collects from by hand. */
class TestReader extends MetricReader {
  protected async onShutdown(): Promise<void> {}
  protected async onForceFlush(): Promise<void> {}
}

let h: Harness | undefined;
afterEach(async () => {
  await h?.server.close();
  h = undefined;
  trace.disable();
  context.disable();
});

const TURNS = [
  use(
    { id: 'call_w', name: 'get_weather', input: { city: 'Oslo' } },
    { id: 'call_a', name: 'add', input: { a: 'two', b: 3 } },
  ),
  say('Sunny in Oslo.'),
];

async function traced(options: Omit<TelemetryOptions, 'tracerProvider' | 'meterProvider'> = {}) {
  const exporter = new InMemorySpanExporter();
  const reader = new TestReader();
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  trace.setGlobalTracerProvider(tracerProvider);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const telemetry = { ...options, meterProvider: new MeterProvider({ readers: [reader] }) };
  h = await startHarness(TURNS, { telemetry });
  return { exporter, reader };
}

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const named = (spans: ReadableSpan[], prefix: string) =>
  spans.filter((span) => span.name.startsWith(prefix));

/** The tree docs/production.md shows (its `output of` block for this file). */
function shownInReadme(): string {
  const readme = readFileSync(join(__dirname, '..', '..', 'docs', 'production.md'), 'utf8');
  const pattern =
    /<!-- output of: src\/telemetry\/agentTelemetry.test.ts -->\s*```text\n([\s\S]*?)```/;
  return pattern.exec(readme)?.[1] ?? '';
}

/** The attributes a line of the drawn tree shows, when a span has them. */
const SHOWN = [
  'gen_ai.request.model',
  'gen_ai.tool.call.id',
  'toolwright.tool.outcome',
  'error.type',
];

/**
 * The span tree as text, a span a line under its parent, turn by turn: each model request, then
 * the tool calls its reply asked for (run at once) in the order of their call ids.
 */
function drawTree(spans: ReadableSpan[]): string {
  const lines: string[] = [];
  const callOrder = (span: ReadableSpan) => String(span.attributes['gen_ai.tool.call.id'] ?? '');
  const draw = (span: ReadableSpan, indent: string) => {
    const shown = SHOWN.filter((key) => span.attributes[key] !== undefined).map(
      (key) => `${key}=${String(span.attributes[key])}`,
    );
    lines.push(`${indent}${span.name}${shown.length ? `  ${shown.join(' ')}` : ''}`);
    // In the order they ended (the exporter's): a request's tool calls end before the next
    // request starts, so a span's turn is how many model requests ended before it. Start times
    // are in whole milliseconds, too coarse to order a fast turn by.
    const children = spans.filter((child) => parentOf(child) === span.spanContext().spanId);
    const isTool = (child: ReadableSpan) => child.name.startsWith('execute_tool');
    const turns = new Map<ReadableSpan, number>();
    let ended = 0;
    for (const child of children) turns.set(child, isTool(child) ? ended : ended++);
    // In one turn, the tool calls (run at once) in call order, then the next request.
    children.sort(
      (a, b) =>
        turns.get(a)! - turns.get(b)! ||
        Number(isTool(b)) - Number(isTool(a)) ||
        callOrder(a).localeCompare(callOrder(b)),
    );
    for (const child of children) draw(child, `${indent}  `);
  };
  for (const root of spans.filter((span) => parentOf(span) === undefined)) draw(root, '');
  return `${lines.join('\n')}\n`;
}

describe('agent telemetry', () => {
  it.each(['run', 'stream'] as const)(
    'gives the span tree of a two-tool turn in %s() with the conventions’ attributes',
    async (mode) => {
      const { exporter } = await traced();
      if (mode === 'run') await h!.agent.run('Weather in Oslo, and 2 + 3?');
      else for await (const _event of h!.agent.stream('Weather in Oslo, and 2 + 3?'));
      const spans = exporter.getFinishedSpans();
      const [run] = named(spans, 'invoke_agent');
      expect(run).toBeDefined();
      expect(parentOf(run!)).toBeUndefined();
      expect(run!.attributes).toMatchObject({
        'gen_ai.operation.name': 'invoke_agent',
        'gen_ai.provider.name': 'anthropic',
        'gen_ai.agent.name': 'toolwright',
        'gen_ai.request.model': 'claude-test',
      });

      // One client span per request, the SDK's own, under the run.
      const chats = spans.filter((span) => span.attributes['gen_ai.operation.name'] === 'chat');
      expect(chats).toHaveLength(2);
      for (const chat of chats) {
        expect(parentOf(chat)).toBe(run!.spanContext().spanId);
        expect(chat.kind).toBe(2); // SpanKind.CLIENT
        expect(chat.attributes).toMatchObject({
          'gen_ai.provider.name': 'anthropic',
          'gen_ai.request.model': 'claude-test',
          'gen_ai.request.max_tokens': 4096,
          'gen_ai.response.model': 'claude-test',
        });
        expect(typeof chat.attributes['gen_ai.response.id']).toBe('string');
        expect(chat.attributes['gen_ai.usage.input_tokens']).toEqual(expect.any(Number));
        expect(chat.attributes['gen_ai.usage.output_tokens']).toEqual(expect.any(Number));
      }

      const tools = named(spans, 'execute_tool');
      const byName = Object.fromEntries(tools.map((span) => [span.name, span]));
      expect(Object.keys(byName).sort()).toEqual(['execute_tool add', 'execute_tool get_weather']);
      for (const tool of tools) expect(parentOf(tool)).toBe(run!.spanContext().spanId);
      expect(byName['execute_tool get_weather']!.attributes).toEqual({
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'get_weather',
        'gen_ai.tool.call.id': 'call_w',
        'gen_ai.tool.type': 'function',
        'toolwright.tool.validation': 'valid',
        'toolwright.tool.outcome': 'ok',
      });
      expect(byName['execute_tool add']!.attributes).toMatchObject({
        'gen_ai.tool.call.id': 'call_a',
        'toolwright.tool.validation': 'invalid',
        'toolwright.tool.outcome': 'invalid',
        'error.type': 'tool_invalid',
      });
      expect(byName['execute_tool add']!.status.code).toBe(2); // SpanStatusCode.ERROR
    },
  );

  it('gives the span tree docs/production.md shows', async () => {
    const { exporter } = await traced();
    await h!.agent.run('Weather in Oslo, and 2 + 3?');
    expect(drawTree(exporter.getFinishedSpans())).toBe(shownInReadme());
  });

  it('records arguments and results only when asked', async () => {
    const { exporter } = await traced({ recordContent: true, agentName: 'weather-desk' });
    await h!.agent.run('Weather in Oslo, and 2 + 3?');
    const spans = exporter.getFinishedSpans();
    expect(named(spans, 'invoke_agent weather-desk')).toHaveLength(1);
    const weather = named(spans, 'execute_tool get_weather')[0]!;
    expect(weather.attributes['gen_ai.tool.call.arguments']).toBe('{"city":"Oslo"}');
    expect(weather.attributes['gen_ai.tool.call.result']).toBe('Sunny in Oslo');
  });

  it('counts calls by outcome and records durations and tokens', async () => {
    const { reader } = await traced();
    await h!.agent.run('Weather in Oslo, and 2 + 3?');
    const { resourceMetrics } = await reader.collect();
    const metrics = (resourceMetrics as ResourceMetrics).scopeMetrics.flatMap((s) => s.metrics);
    const byName = new Map(metrics.map((metric) => [metric.descriptor.name, metric]));
    const calls = byName
      .get('toolwright.tool.calls')!
      .dataPoints.map((point) => [
        point.attributes['gen_ai.tool.name'],
        point.attributes['toolwright.tool.outcome'],
        point.value,
      ]);
    expect(calls.sort()).toEqual([
      ['add', 'invalid', 1],
      ['get_weather', 'ok', 1],
    ]);
    const duration = byName.get('gen_ai.client.operation.duration')!;
    expect(duration.descriptor.unit).toBe('s');
    expect(duration.dataPoints[0]!.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.request.model': 'claude-test',
    });
    expect((duration.dataPoints[0]!.value as { count: number }).count).toBe(2);
    const tokenTypes = byName
      .get('gen_ai.client.token.usage')!
      .dataPoints.map((point) => point.attributes['gen_ai.token.type']);
    expect(tokenTypes.sort()).toEqual(['input', 'output']);
    expect(byName.has('toolwright.tool.duration')).toBe(true);
  });
});
