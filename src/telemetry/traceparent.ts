/**
 * A span's context as a W3C `traceparent` header and back, for links across a pause or a job
 * hop. Written here rather than through the global propagator: links must not depend on which
 * propagator the application registered (none, with a bare tracer provider), and the format is
 * one line of the W3C Trace Context specification.
 */
import type { OtelApi, OtelSpan } from './otelApi';

type SpanContext = ReturnType<OtelSpan['spanContext']>;

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const INVALID_TRACE = /^0+$/;

/** `{ traceparent }` of a span context, or undefined when it is not a valid one. */
export function toCarrier(context: SpanContext | undefined): Record<string, string> | undefined {
  if (!context || INVALID_TRACE.test(context.traceId) || INVALID_TRACE.test(context.spanId))
    return undefined;
  const flags = (context.traceFlags & 0xff).toString(16).padStart(2, '0');
  return { traceparent: `00-${context.traceId}-${context.spanId}-${flags}` };
}

/** The span context of `{ traceparent }`, for a link; undefined when absent or malformed. */
export function fromCarrier(carrier: Record<string, string> | undefined): SpanContext | undefined {
  const match = TRACEPARENT.exec(carrier?.traceparent ?? '');
  if (!match || INVALID_TRACE.test(match[1]!) || INVALID_TRACE.test(match[2]!)) return undefined;
  return {
    traceId: match[1]!,
    spanId: match[2]!,
    traceFlags: parseInt(match[3]!, 16),
    isRemote: true,
  } as SpanContext;
}

/** The active span's `{ traceparent }`, or undefined. */
export const activeCarrier = (api: OtelApi): Record<string, string> | undefined =>
  toCarrier(api.trace.getSpanContext(api.context.active()));
