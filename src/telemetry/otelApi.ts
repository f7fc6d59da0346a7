/**
 * The part of `@opentelemetry/api` toolwright uses, loaded on first use and only if installed
 * (an optional peer: `import 'toolwright'` never loads it). The types are written out here
 * rather than imported, so toolwright's declarations compile where the package is absent.
 */

/** An OpenTelemetry context: immutable values by key. */
export interface OtelContext {
  getValue(key: symbol): unknown;
  setValue(key: symbol, value: unknown): OtelContext;
}

export interface OtelSpan {
  setAttribute(key: string, value: string | number | boolean | string[]): unknown;
  setAttributes(attributes: Record<string, string | number | boolean | string[]>): unknown;
  setStatus(status: { code: number; message?: string }): unknown;
  recordException(exception: unknown): unknown;
  end(): void;
  spanContext(): { traceId: string; spanId: string; traceFlags: number; isRemote?: boolean };
}

export interface OtelTracer {
  startSpan(
    name: string,
    options?: {
      kind?: number;
      attributes?: Record<string, string | number | boolean | string[]>;
      links?: { context: ReturnType<OtelSpan['spanContext']> }[];
    },
    context?: OtelContext,
  ): OtelSpan;
}

export interface OtelInstrument {
  add?(value: number, attributes?: Record<string, string | number>): void;
  record?(value: number, attributes?: Record<string, string | number>): void;
}

export interface OtelMeter {
  createCounter(name: string, options?: { description?: string; unit?: string }): OtelInstrument;
  createHistogram(name: string, options?: { description?: string; unit?: string }): OtelInstrument;
}

/** What toolwright calls of the API module. */
export interface OtelApi {
  trace: {
    getTracer(name: string, version?: string): OtelTracer;
    setSpan(context: OtelContext, span: OtelSpan): OtelContext;
    getSpanContext(context: OtelContext): ReturnType<OtelSpan['spanContext']> | undefined;
  };
  metrics: { getMeter(name: string, version?: string): OtelMeter };
  context: {
    active(): OtelContext;
    with<T>(context: OtelContext, fn: () => T): T;
  };
  SpanKind: { INTERNAL: number; CLIENT: number; CONSUMER: number };
  createContextKey(description: string): symbol;
  SpanStatusCode: { ERROR: number };
}

let loaded: OtelApi | null | undefined;

/** `@opentelemetry/api` if it is installed, else undefined; loaded once. */
export function otelApi(): OtelApi | undefined {
  if (loaded === undefined) {
    try {
      // An optional peer: loaded on first use, and only if installed.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      loaded = require('@opentelemetry/api') as OtelApi;
    } catch {
      loaded = null;
    }
  }
  return loaded ?? undefined;
}
