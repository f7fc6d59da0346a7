/**
 * The registry's public types: what a call answers (`ToolOutcome`), what a method may
 * receive (`ToolCallContext`), and what `get`/`list` describe. Every layer above the registry
 * (agent, formats, MCP, Nest) speaks these.
 */
import type { ToolManifest, ManifestTarget, ManifestToolOptions } from '../manifest/types';
import type { JsonSchema, JsonValue, ObjectSchema } from '../schema/JsonSchema';
import type { InputLimits } from '../validation/types';

export type { InputLimits } from '../validation/types';

/** A text block of a tool's result. */
export interface TextContent {
  type: 'text';
  text: string;
}

/** An image block of a tool's result (base64 data). */
export interface ImageContent {
  type: 'image';
  source: {
    type: 'base64';
    media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
    data: string;
  };
}

/** A content block a tool may return through `toolContent()`. */
export type ContentBlock = TextContent | ImageContent;

/** What every call answers: never thrown, always this. */
export interface ToolOutcome {
  /** The text (or blocks) the model sees. */
  content: string | ContentBlock[];
  /** True when the call was not dispatched or the method threw. */
  isError: boolean;
  /** What the method returned, when the call asked for it (`CallOptions.returnValue`) and it returned. */
  value?: unknown;
}

/** What `@Ctx()` injects into a tool method. */
export interface ToolCallContext<State = unknown> {
  /** The id of the `tool_use` block (or a generated one for direct calls). */
  toolUseId: string;
  /** The tool's name. */
  toolName: string;
  /** Fires when the call is aborted or times out. */
  signal: AbortSignal;
  /** Application state passed to the call, such as the current user. */
  state: State;
  /**
   * Reports progress (`done` of `total`, with an optional message) to whoever listens: an MCP
   * client that sent a progress token, the agent's `stream()`. A no-op when nobody does.
   */
  progress(done: number, total?: number, message?: string): void;
}

/** One progress report of a running tool, as `ctx.progress()` made it. */
export interface ToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** The optional second half of a call: everything of the context the caller may set. */
export interface CallOptions<State = unknown> {
  toolUseId?: string;
  signal?: AbortSignal;
  state?: State;
  /** Overrides the tool's own `timeoutMs`. */
  timeoutMs?: number;
  /** Receives the tool's `ctx.progress()` reports. */
  onProgress?: (progress: ToolProgress) => void;
  /** Keep what the method returned in `ToolOutcome.value` (for structured results). */
  returnValue?: boolean;
}

/**
 * The result of `check()`: the input the call would run with, or the error text the model would
 * get. A valid result's `input` is the registry's checked snapshot: `call()` with that very
 * object dispatches what was validated, without validating again (to change a call, pass a new
 * object, which is checked afresh).
 */
export type CheckResult =
  { ok: true; input: Record<string, unknown> } | { ok: false; error: string };

/** A registered tool as `get`/`list` describe it. */
export interface RegisteredToolInfo {
  name: string;
  description: string;
  inputSchema: ObjectSchema;
  /** The JSON Schema of what the tool returns, when codegen could derive it from the return type. */
  outputSchema?: JsonSchema;
  examples?: Record<string, JsonValue>[];
  options: ManifestToolOptions;
  /** The class and method behind the tool. */
  target: Pick<ManifestTarget, 'class' | 'method'>;
}

/** Where the library reports what it would otherwise print. */
export interface Logger {
  debug?(message: string): void;
  warn(message: string): void;
}

/** Options of `new ToolRegistry()`. */
export interface ToolRegistryOptions {
  /** The manifest written by `toolwright codegen`; without it, schemas come from run-time metadata. */
  manifest?: ToolManifest;
  /** Input limits; defaults as in `InputLimits`. */
  limits?: Partial<InputLimits>;
  /**
   * Strict tool use for every tool whose `@Tool({ strict })` is not set (default false): each
   * goes out with its strict projection, or without `strict` (and a `logger` warning at
   * `register()`) when its schema cannot be made strict.
   */
  strict?: boolean;
  logger?: Logger;
}
