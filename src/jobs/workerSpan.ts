/**
 * The worker's span of one job attempt, `execute_tool <name>` as the GenAI conventions name a
 * tool execution, linked to the caller's span carried in the job (a job hop is a new trace
 * entry point, as a message consumer's is), with the job id and attempt. Nothing when
 * `@opentelemetry/api` is not installed.
 */
import { otelApi } from '../telemetry/otelApi';
import { endToolSpan, toolSpanAttributes, toolSpanName, tracerOf } from '../telemetry/toolSpan';
import { fromCarrier } from '../telemetry/traceparent';
import type { OtelSpan } from '../telemetry/otelApi';
import type { ToolJobData } from './types';

/** toolwright's attributes of a job attempt. */
export const JOB_ATTR = {
  jobId: 'toolwright.job.id',
  attempt: 'toolwright.job.attempt',
} as const;

/** The span of a job attempt: what runs under it, and what ends it with the attempt's outcome. */
export interface JobSpan {
  within<T>(body: () => T): T;
  end(outcome: 'ok' | 'error' | 'cancelled' | 'crashed'): void;
}

const NOTHING: JobSpan = { within: (body) => body(), end: () => undefined };

/** Starts the span of one attempt; returns what ends it. */
export function startJobSpan(
  data: ToolJobData,
  job: { id?: string; attemptsMade: number },
): JobSpan {
  const api = otelApi();
  if (!api) return NOTHING;
  const linked = fromCarrier(data.trace);
  const attributes = toolSpanAttributes(
    { name: data.tool, id: data.toolUseId, input: data.input },
    false,
  );
  const span: OtelSpan = tracerOf(api, {}).startSpan(toolSpanName(data.tool), {
    kind: api.SpanKind.CONSUMER,
    attributes: {
      ...attributes,
      [JOB_ATTR.jobId]: job.id ?? '',
      [JOB_ATTR.attempt]: job.attemptsMade + 1,
    },
    ...(linked ? { links: [{ context: linked }] } : {}),
  });
  const active = api.trace.setSpan(api.context.active(), span);
  return {
    within: (body) => api.context.with(active, body),
    end: (outcome) => endToolSpan(api, span, outcome, outcome !== 'ok'),
  };
}
