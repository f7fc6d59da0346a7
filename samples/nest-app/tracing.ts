/**
 * OpenTelemetry for the support desk, when `OTEL_TRACES_CONSOLE=1`: every span (the agent's
 * run, the SDK's model requests, each tool call, each job on a worker) printed by the console
 * exporter. Load it first (`import './tracing'`); a real deployment registers its own SDK and
 * exporter (OTLP) instead, and toolwright picks it up the same way.
 */
import { trace } from '@opentelemetry/api';
import { AsyncHooksContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  ConsoleSpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { context } from '@opentelemetry/api';

if (process.env.OTEL_TRACES_CONSOLE === '1') {
  context.setGlobalContextManager(new AsyncHooksContextManager().enable());
  trace.setGlobalTracerProvider(
    new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter())],
    }),
  );
}
