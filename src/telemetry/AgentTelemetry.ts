/**
 * An agent's OpenTelemetry spans and metrics, after the GenAI semantic conventions: a span per
 * run (`invoke_agent`, the active span while the run goes on) and per tool call
 * (`execute_tool {tool}`, with the call id, whether its input was valid and how it ended), the
 * calls children of their run. Each model request's client span is the Anthropic SDK's own
 * (`anthropic.messages.create`, operation `chat`), a child of the run through the active
 * context. Metrics: the conventions' operation-duration and token-usage histograms, and
 * toolwright's counters of tool calls (by outcome) and refusals, and a tool-duration histogram.
 * Without `@opentelemetry/api` (or with `telemetry: { enabled: false }`) every method is a
 * no-op that costs a function call.
 */
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { ATTR, METRIC, OPERATION, PROVIDER } from './genAiAttributes';
import { otelApi } from './otelApi';
import type { OtelApi, OtelContext, OtelInstrument, OtelSpan, OtelTracer } from './otelApi';
import type { TelemetryOptions } from './types';
import { inToolSpan } from './toolSpanKey';
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
import { fromCarrier, toCarrier } from './traceparent';

/** How a tool call ended, as `toolwright.tool.outcome` says it. */
export type ToolOutcomeKind = 'ok' | 'error' | 'invalid' | 'denied' | 'paused' | 'not_run';

/** One run's trace: its span's context, under which requests and calls are made. */
export interface RunTrace {
  /** Names the run (`gen_ai.conversation.id`) once it has an id (a paused or resumed run). */
  conversation(runId: string): void;
  /** The run span's context as W3C headers, kept with a paused run so its resume links to it. */
  carrier(): Record<string, string> | undefined;
}

/** The span of one tool call. */
export interface ToolTrace {
  validated(valid: boolean): void;
  /** Runs `body` with the call's span active (a job enqueued in it carries the span). */
  within<T>(body: () => T): T;
  end(outcome: ToolOutcomeKind, result?: unknown): void;
}

/** What a run span is started with: the model, the run id, and the span of the run it resumes. */
export interface RunAttributes {
  model: string;
  runId?: string;
  /** W3C headers of the paused run's span: the resumed run's span links to it. */
  resumes?: Record<string, string>;
}

/** What the loop asks of telemetry. */
export interface AgentTelemetry {
  run<T>(attributes: RunAttributes, body: (run: RunTrace) => Promise<T>): Promise<T>;
  chat(
    run: RunTrace | undefined,
    request: { model: string; max_tokens: number },
    send: () => Promise<Message>,
  ): Promise<Message>;
  tool(run: RunTrace | undefined, call: { id: string; name: string; input: unknown }): ToolTrace;
}

const NO_RUN: RunTrace = { conversation: () => undefined, carrier: () => undefined };
const NO_TOOL: ToolTrace = {
  validated: () => undefined,
  within: (body) => body(),
  end: () => undefined,
};

/** Telemetry that records nothing. */
export const NO_TELEMETRY: AgentTelemetry = {
  run: (_attributes, body) => body(NO_RUN),
  chat: (_run, _request, send) => send(),
  tool: () => NO_TOOL,
};

/** The name of an error for `error.type`: its class, else `_OTHER`. */
function errorType(error: unknown): string {
  const name = (error as { constructor?: { name?: unknown } } | null)?.constructor?.name;
  return typeof name === 'string' && name !== 'Object' ? name : '_OTHER';
}

/** A run trace over an OpenTelemetry span. */
class SpanRun implements RunTrace {
  constructor(
    readonly span: OtelSpan,
    readonly context: OtelContext,
  ) {}
  conversation(runId: string): void {
    this.span.setAttribute(ATTR.conversationId, runId);
  }
  carrier(): Record<string, string> | undefined {
    return toCarrier(this.span.spanContext());
  }
}

const contextOf = (run: RunTrace | undefined): OtelContext | undefined =>
  run instanceof SpanRun ? run.context : undefined;

/** Telemetry on the OpenTelemetry API. */
class OtelTelemetry implements AgentTelemetry {
  private readonly tracer: OtelTracer;
  private readonly duration: OtelInstrument;
  private readonly tokens: OtelInstrument;
  private readonly toolMetrics: ToolMetrics;
  private readonly refusals: OtelInstrument;

  constructor(
    private readonly api: OtelApi,
    private readonly options: TelemetryOptions,
  ) {
    this.tracer = tracerOf(api, options);
    const meter = meterOf(api, options);
    this.duration = meter.createHistogram(METRIC.operationDuration, {
      description: 'GenAI operation duration',
      unit: 's',
    });
    this.tokens = meter.createHistogram(METRIC.tokenUsage, {
      description: 'Tokens used per model request',
      unit: '{token}',
    });
    this.toolMetrics = toolMetricsOf(meter);
    this.refusals = meter.createCounter(METRIC.refusals, {
      description: 'Model turns that ended in a refusal',
    });
  }

  async run<T>(attributes: RunAttributes, body: (run: RunTrace) => Promise<T>): Promise<T> {
    const name = this.options.agentName ?? 'toolwright';
    const resumed = fromCarrier(attributes.resumes);
    const span = this.tracer.startSpan(`${OPERATION.agent} ${name}`, {
      kind: this.api.SpanKind.INTERNAL,
      ...(resumed ? { links: [{ context: resumed }] } : {}),
      attributes: {
        [ATTR.operation]: OPERATION.agent,
        [ATTR.provider]: PROVIDER,
        [ATTR.agentName]: name,
        [ATTR.requestModel]: attributes.model,
        ...(attributes.runId ? { [ATTR.conversationId]: attributes.runId } : {}),
      },
    });
    const run = new SpanRun(span, this.api.trace.setSpan(this.api.context.active(), span));
    try {
      return await this.api.context.with(run.context, () => body(run));
    } catch (error) {
      this.fail(span, error);
      throw error;
    } finally {
      span.end();
    }
  }

  /**
   * Records a model request's duration, tokens and refusal. No span: the Anthropic SDK makes
   * the request's client span itself (`anthropic.messages.create`, operation `chat`, with the
   * model, usage and response id), and under the run's active context it is the run's child.
   */
  async chat(
    _run: RunTrace | undefined,
    request: { model: string; max_tokens: number },
    send: () => Promise<Message>,
  ): Promise<Message> {
    const started = performance.now();
    const metric: Record<string, string> = {
      [ATTR.operation]: OPERATION.chat,
      [ATTR.provider]: PROVIDER,
      [ATTR.requestModel]: request.model,
    };
    try {
      const message = await send();
      this.countReply(message, metric);
      return message;
    } catch (error) {
      metric[ATTR.errorType] = errorType(error);
      throw error;
    } finally {
      this.duration.record?.((performance.now() - started) / 1000, metric);
    }
  }

  tool(run: RunTrace | undefined, call: { id: string; name: string; input: unknown }): ToolTrace {
    const started = performance.now();
    const record = this.options.recordContent;
    const parent = contextOf(run) ?? this.api.context.active();
    const span = this.tracer.startSpan(
      toolSpanName(call.name),
      { kind: this.api.SpanKind.INTERNAL, attributes: toolSpanAttributes(call, record) },
      parent,
    );
    const active = inToolSpan(this.api, this.api.trace.setSpan(parent, span));
    return {
      validated: (valid) => span.setAttribute(ATTR.validation, valid ? 'valid' : 'invalid'),
      within: (body) => this.api.context.with(active, body),
      end: (outcome, result) => {
        const failed = outcome !== 'ok' && outcome !== 'paused';
        endToolSpan(this.api, span, outcome, failed, record ? result : undefined);
        recordToolCall(this.toolMetrics, call.name, outcome, started);
      },
    };
  }

  private countReply(message: Message, metric: Record<string, string>): void {
    const usage = message.usage;
    if (usage) {
      this.tokens.record?.(usage.input_tokens, { ...metric, [ATTR.tokenType]: 'input' });
      this.tokens.record?.(usage.output_tokens, { ...metric, [ATTR.tokenType]: 'output' });
    }
    if (message.stop_reason === 'refusal')
      this.refusals.add?.(1, { [ATTR.requestModel]: message.model });
  }

  private fail(span: OtelSpan, error: unknown): void {
    span.setAttribute(ATTR.errorType, errorType(error));
    span.recordException(error);
    span.setStatus({
      code: this.api.SpanStatusCode.ERROR,
      message: (error as { message?: string } | null)?.message,
    });
  }
}

/**
 * The telemetry of an agent with these options: OpenTelemetry's when it is installed and not
 * turned off, else `NO_TELEMETRY`. The API module is loaded here, on first use.
 */
export function agentTelemetry(options: TelemetryOptions = {}): AgentTelemetry {
  if (options.enabled === false) return NO_TELEMETRY;
  const api = otelApi();
  return api ? new OtelTelemetry(api, options) : NO_TELEMETRY;
}

/**
 * `agentTelemetry(options)`, made on first use: an agent that is built and never run loads
 * nothing.
 */
export function lazyAgentTelemetry(options?: TelemetryOptions): AgentTelemetry {
  let made: AgentTelemetry | undefined;
  const get = () => (made ??= agentTelemetry(options));
  return {
    run: (attributes, body) => get().run(attributes, body),
    chat: (run, request, send) => get().chat(run, request, send),
    tool: (run, call) => get().tool(run, call),
  };
}
