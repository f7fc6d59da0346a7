/**
 * The registry's own public types: what `check()` answers, what `get`/`list` describe, its
 * options. What a call answers (`ToolOutcome`), what a method receives (`ToolCallContext`)
 * and the content blocks live below the registry (`calls/`, `content/`): import them from
 * there (this is not a barrel).
 */
import type { ToolManifest, ManifestTarget, ManifestToolOptions } from '../manifest/types';
import type { JsonSchema, JsonValue, ObjectSchema } from '../schema/JsonSchema';
import type { InputLimits } from '../validation/types';
import type { ValidationPipeOptions } from '../validation/pipeOptions';
import type { ToolJobDispatcher } from '../calls/ToolJobDispatcher';
import type { TelemetryOptions } from '../telemetry/types';

/**
 * The result of `check()`: the input the call would run with, or the error text the model would
 * get. A valid result's `input` is the registry's checked snapshot, frozen (an edit throws in
 * strict code): `call()` with that very object dispatches what was validated, without
 * validating again (to change a call, pass a new object, which is checked afresh).
 */
export type CheckResult =
  { ok: true; input: Record<string, unknown> } | { ok: false; error: string };

/** A registered tool as `get`/`list` describe it. */
export interface RegisteredToolInfo {
  /** The name the model calls the tool by. */
  name: string;
  /** What the model reads about the tool. */
  description: string;
  /** The JSON Schema of the tool's input. */
  inputSchema: ObjectSchema;
  /** The JSON Schema of what the tool returns, when codegen could derive it from the return type. */
  outputSchema?: JsonSchema;
  /** Example inputs, shown to the model. */
  examples?: Record<string, JsonValue>[];
  /** The tool's `@Tool` options. */
  options: ManifestToolOptions;
  /** The class and method behind the tool. */
  target: Pick<ManifestTarget, 'class' | 'method'>;
}

/** Where the library reports what it would otherwise print. */
export interface Logger {
  /** Logs a detail, when the logger has a debug level. */
  debug?(message: string): void;
  /** Logs a warning. */
  warn(message: string): void;
}

/** Options of `new ToolRegistry()`. */
export interface ToolRegistryOptions {
  /** The manifest written by `toolwright codegen`; without it, schemas come from run-time metadata. */
  manifest?: ToolManifest;
  /** Input limits; defaults as in `InputLimits`. */
  limits?: Partial<InputLimits>;
  /**
   * The options of the app's NestJS `ValidationPipe` (`transform`, `transformOptions:
   * { enableImplicitConversion }`, `whitelist`, `forbidNonWhitelisted`), read as Nest reads them;
   * default: the manifest's (codegen's `validation`), else transform and whitelist with unknown
   * properties forbidden. Given here and in the manifest, they must mean the same.
   */
  validation?: ValidationPipeOptions;
  /**
   * Strict tool use for every tool whose `@Tool({ strict })` is not set (default false): each
   * goes out with its strict projection, or without `strict` (and a `logger` warning at
   * `register()`) when its schema cannot be made strict.
   */
  strict?: boolean;
  /**
   * Runs the calls of tools marked `@Tool({ longRunning: true })` as durable jobs, once they are
   * validated: `new ToolJobs({ connection })` from `toolwright/jobs`. Without it they run in-process.
   */
  jobs?: ToolJobDispatcher;
  /**
   * OpenTelemetry spans and metrics of the registry's calls (`execute_tool {tool}`), for calls
   * no agent traces (MCP, the wire formats, direct calls); off by default. Needs
   * `@opentelemetry/api`, loaded on the first call.
   */
  telemetry?: boolean | TelemetryOptions;
  /**
   * Where the registry's warnings go (a tool that asks for strict and goes out without it, …); none
   * without it, except the once-per-tool note that a result carried undeclared fields, which then
   * goes to `process.emitWarning`.
   */
  logger?: Logger;
}
