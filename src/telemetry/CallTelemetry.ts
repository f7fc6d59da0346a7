/**
 * The registry's own spans and metrics, for calls no agent traces (MCP, the wire formats,
 * direct `registry.call()`): an `execute_tool {tool}` span per call with the call id, whether
 * its input was valid and how it ended, active while the call runs (a job enqueued in it carries
 * it to its worker), and the `toolwright.tool.calls` / `toolwright.tool.duration` metrics. A
 * call made inside an agent's tool span gets none: the agent's span is that call's. Opt-in
 * (`new ToolRegistry({ telemetry: true })`), and loaded on the first call.
 */
import type { ToolOutcome } from '../calls/ToolOutcome';
import { ATTR } from './genAiAttributes';
import { otelApi } from './otelApi';
import type { OtelApi, OtelTracer } from './otelApi';
import { insideToolSpan, inToolSpan } from './toolSpanKey';
import {
  endToolSpan,
  meterOf,
  recordToolCall,
  toolMetricsOf,
  toolSpanAttributes,
  toolSpanName,
  tracerOf,
} from './toolSpan';
import type { ToolMetrics } from './toolSpan';
import type { TelemetryOptions } from './types';

/** Reports whether the call's input was valid. */
export type ReportValidation = (valid: boolean) => void;

/** Runs one call under its span: `body` reports validation, and answers the outcome. */
export type TraceCall = (
  call: { name: string; toolUseId?: string; input: unknown },
  body: (validated: ReportValidation) => Promise<ToolOutcome>,
) => Promise<ToolOutcome>;

interface Instruments {
  api: OtelApi;
  tracer: OtelTracer;
  metrics: ToolMetrics;
}

function instrumentsOf(options: TelemetryOptions): Instruments | null {
  const api = otelApi();
  if (!api) return null;
  return {
    api,
    tracer: tracerOf(api, options),
    metrics: toolMetricsOf(meterOf(api, options)),
  };
}

async function traced(
  tools: Instruments,
  options: TelemetryOptions,
  call: Parameters<TraceCall>[0],
  body: Parameters<TraceCall>[1],
): Promise<ToolOutcome> {
  const { api } = tools;
  const started = performance.now();
  const parent = api.context.active();
  const span = tools.tracer.startSpan(
    toolSpanName(call.name),
    {
      kind: api.SpanKind.INTERNAL,
      attributes: toolSpanAttributes(
        { name: call.name, id: call.toolUseId, input: call.input },
        options.recordContent,
      ),
    },
    parent,
  );
  let valid = true;
  const validated: ReportValidation = (ok) => {
    valid = ok;
    span.setAttribute(ATTR.validation, ok ? 'valid' : 'invalid');
  };
  const context = inToolSpan(api, api.trace.setSpan(parent, span));
  const outcome = await api.context.with(context, () => body(validated));
  const kind = !valid ? 'invalid' : outcome.isError ? 'error' : 'ok';
  endToolSpan(api, span, kind, kind !== 'ok', options.recordContent ? outcome.content : undefined);
  recordToolCall(tools.metrics, call.name, kind, started);
  return outcome;
}

/**
 * The registry's call tracer for its `telemetry` option, or undefined when it is off. Loads
 * `@opentelemetry/api` on the first call; without it, calls run untraced.
 */
export function callTelemetry(
  option: boolean | TelemetryOptions | undefined,
): TraceCall | undefined {
  if (!option) return undefined;
  const options = option === true ? {} : option;
  if (options.enabled === false) return undefined;
  let tools: Instruments | null | undefined;
  return (call, body) => {
    tools ??= instrumentsOf(options);
    if (!tools || insideToolSpan(tools.api)) return body(() => undefined);
    return traced(tools, options, call, body);
  };
}
