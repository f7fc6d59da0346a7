/**
 * What every `execute_tool` span of toolwright is, whoever makes it (the agent, the registry, a
 * job worker): its name and attributes after the GenAI conventions, how it ends
 * (`toolwright.tool.outcome`, and `error.type` with an error status when the call failed), the
 * tool-call metrics recorded with it, and the tracer and meter they come from.
 */
import { ATTR, METRIC, OPERATION } from './genAiAttributes';
import type { OtelApi, OtelInstrument, OtelMeter, OtelSpan, OtelTracer } from './otelApi';
import type { TelemetryOptions } from './types';

/** toolwright's instrumentation scope version. */
const VERSION = '0.1.0';

type Attributes = Record<string, string | number | boolean | string[]>;

/** The tracer of the options' provider, else the global one. */
export const tracerOf = (api: OtelApi, options: TelemetryOptions): OtelTracer =>
  (options.tracerProvider?.getTracer('toolwright', VERSION) ??
    api.trace.getTracer('toolwright', VERSION)) as OtelTracer;

/** The meter of the options' provider, else the global one. */
export const meterOf = (api: OtelApi, options: TelemetryOptions): OtelMeter =>
  (options.meterProvider?.getMeter('toolwright', VERSION) ??
    api.metrics.getMeter('toolwright', VERSION)) as OtelMeter;

/** The tool-call metrics: calls by tool and outcome, and their durations. */
export interface ToolMetrics {
  calls: OtelInstrument;
  duration: OtelInstrument;
}

export function toolMetricsOf(meter: OtelMeter): ToolMetrics {
  return {
    calls: meter.createCounter(METRIC.toolCalls, { description: 'Tool calls, by outcome' }),
    duration: meter.createHistogram(METRIC.toolDuration, {
      description: 'Tool call duration',
      unit: 's',
    }),
  };
}

/** `execute_tool <name>`. */
export const toolSpanName = (name: string): string => `${OPERATION.tool} ${name}`;

/** The attributes a tool span starts with; the arguments only when content is recorded. */
export function toolSpanAttributes(
  call: { name: string; id?: string; input: unknown },
  recordContent: boolean | undefined,
): Attributes {
  return {
    [ATTR.operation]: OPERATION.tool,
    [ATTR.toolName]: call.name,
    ...(call.id ? { [ATTR.toolCallId]: call.id } : {}),
    [ATTR.toolType]: 'function',
    ...(recordContent ? { [ATTR.toolArguments]: JSON.stringify(call.input) } : {}),
  };
}

/**
 * Ends a tool span with how the call ended; `result` (given only when content is recorded)
 * becomes `gen_ai.tool.call.result`.
 */
export function endToolSpan(
  api: OtelApi,
  span: OtelSpan,
  outcome: string,
  failed: boolean,
  result?: unknown,
): void {
  span.setAttribute(ATTR.outcome, outcome);
  if (failed) {
    span.setAttribute(ATTR.errorType, `tool_${outcome}`);
    span.setStatus({ code: api.SpanStatusCode.ERROR });
  }
  if (result !== undefined)
    span.setAttribute(
      ATTR.toolResult,
      typeof result === 'string' ? result : JSON.stringify(result),
    );
  span.end();
}

/** Counts a call and records its duration since `started` (a `performance.now()`). */
export function recordToolCall(
  metrics: ToolMetrics,
  name: string,
  outcome: string,
  started: number,
): void {
  const attributes = { [ATTR.toolName]: name, [ATTR.outcome]: outcome };
  metrics.calls.add?.(1, attributes);
  metrics.duration.record?.((performance.now() - started) / 1000, attributes);
}
