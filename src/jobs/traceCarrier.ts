/**
 * The caller's trace context as W3C headers (`traceparent`), for a job to carry to its worker,
 * when `@opentelemetry/api` is installed and a span is active; undefined otherwise.
 */
import { otelApi } from '../telemetry/otelApi';

/** The active context's propagation headers, or undefined. */
export function traceCarrier(): Record<string, string> | undefined {
  const api = otelApi();
  if (!api) return undefined;
  const carrier: Record<string, string> = {};
  api.propagation.inject(api.context.active(), carrier);
  return Object.keys(carrier).length > 0 ? carrier : undefined;
}
