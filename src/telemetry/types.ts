/**
 * The options of an agent's OpenTelemetry spans and metrics, typed without `@opentelemetry/api`
 * (an optional peer: toolwright's declarations must compile where it is not installed).
 */

/** What `ToolAgent({ telemetry })` takes. */
export interface TelemetryOptions {
  /**
   * Spans and metrics on or off. Default: on when `@opentelemetry/api` is installed (it is
   * loaded on the first run, never by `import 'toolwright'`); without an SDK registered its
   * calls are no-ops.
   */
  enabled?: boolean;
  /**
   * Put tool arguments and results on the tool spans (`gen_ai.tool.call.arguments`,
   * `gen_ai.tool.call.result`). Off by default: they may hold personal data.
   */
  recordContent?: boolean;
  /** `gen_ai.agent.name` of the run spans (default `toolwright`). */
  agentName?: string;
  /** The tracer provider (default: the global one of `@opentelemetry/api`). */
  tracerProvider?: { getTracer(name: string, version?: string): unknown };
  /** The meter provider (default: the global one of `@opentelemetry/api`). */
  meterProvider?: { getMeter(name: string, version?: string): unknown };
}
