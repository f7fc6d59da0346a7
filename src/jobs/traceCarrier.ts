/**
 * The caller's trace context as W3C headers (`traceparent`), for a job to carry to its worker,
 * when `@opentelemetry/api` is installed and a span is active; undefined otherwise.
 */
import { otelApi } from '../telemetry/otelApi';
import { activeCarrier } from '../telemetry/traceparent';

/** The active span's `{ traceparent }`, or undefined. */
export function traceCarrier(): Record<string, string> | undefined {
  const api = otelApi();
  return api ? activeCarrier(api) : undefined;
}
