/**
 * The plain data the decorators record: one `ToolMetadata` per decorated method and one
 * `ParamMetadata` per decorated parameter. Nothing here has behaviour; `metadata/` stores it
 * and the registry reads it.
 */
import type { JsonSchema, JsonValue } from '../schema/JsonSchema';

/**
 * Fields set as written on a tool's Messages API definition (`@Tool({ anthropic })`): the ones
 * the API documents today are typed; any other is sent as given, for fields newer than this
 * version (the API refuses a field it does not know, so a misspelling here fails loudly). The
 * fields toolwright writes from the tool itself cannot be set.
 */
export interface AnthropicToolFields {
  /** Prompt-caching breakpoint on this tool (the `cacheControl` option says the same). */
  cache_control?: { type: 'ephemeral'; ttl?: '5m' | '1h' } | null;
  /** Loaded only when the tool search tool finds it. */
  defer_loading?: boolean;
  /** Who may call the tool (`direct`, or a code execution tool version). */
  allowed_callers?: string[];
  /** Streams the tool's input without buffering or validating it. */
  eager_input_streaming?: boolean | null;
  /** `custom`: a tool you define. */
  type?: 'custom' | null;
  /** Written from the tool's name. */
  name?: never;
  /** Written from the JSDoc or `description`. */
  description?: never;
  /** Written from the method's parameters. */
  input_schema?: never;
  /** Written from `strict`. */
  strict?: never;
  /** Written from `@example` or `examples`. */
  input_examples?: never;
  /** Any other field of the Messages API's tool definition, passed through as given. */
  [field: string]: JsonValue | undefined;
}

/**
 * Options of `@Tool()`. Closed: a misspelt option (`timeoutMS`, `requireApproval`) is a compile
 * error, a codegen error (TW115) and a `ToolDefinitionError` at `register()`, never silently
 * sent to the API. Fields of the API's tool definition go in `anthropic`.
 */
export interface ToolOptions {
  /** The tool's name; default: the method name in snake_case. Must match `^[a-zA-Z0-9_-]{1,64}$`. */
  name?: string;
  /** Overrides the JSDoc description. */
  description?: string;
  /**
   * Strict tool use (Claude) and strict function calling (OpenAI): the tool is sent with its
   * schema's strict projection (dropped constraints in words, still enforced by the registry), or
   * without `strict` when the schema cannot be made strict (codegen warns TW209). Overrides the
   * registry's and the agent's `strict`.
   */
  strict?: boolean;
  /** The agent asks its `approve` hook before running this tool. */
  requiresApproval?: boolean;
  /** The call is aborted and answered `is_error` after this many milliseconds. */
  timeoutMs?: number;
  /**
   * The tool's calls run as durable jobs (`toolwright/jobs`, on BullMQ) when the registry has a
   * job dispatcher (`new ToolRegistry({ jobs })`): enqueued once validated, run by a worker in
   * any instance, retried when a worker dies; over MCP the tool supports task-augmented calls.
   * Without a dispatcher the call runs in-process as any other.
   */
  longRunning?: boolean;
  /**
   * With the agent's `toolSearch` on, this tool is always sent in full, never deferred
   * (`defer_loading`): for the few tools the model needs on most turns.
   */
  alwaysLoaded?: boolean;
  /**
   * OAuth scopes the caller must hold, every one of them, for this tool to be listed and run
   * over MCP; a caller without them does not see it in `tools/list` and is refused before its
   * input is validated. Checked against `ToolCallContext.caller`.
   */
  scopes?: string[];
  /**
   * Roles of which the caller must hold at least one for this tool to be listed and run over MCP
   * (as `scopes`, refused before validation). Checked against `ToolCallContext.caller`.
   */
  roles?: string[];
  /** Example inputs, sent as `input_examples`. */
  examples?: Record<string, JsonValue>[];
  /**
   * Programmatic tool calling: the model calls this tool from the code it runs in the API's code
   * execution tool (`allowed_callers: ['code_execution_20260120']`), not directly. Its return type
   * (from the output schema codegen derives) is said in its description, so code can parse the
   * result; the agent adds the code execution tool to a request that sends such a tool.
   */
  callableFromCode?: boolean;
  /** Prompt-caching marker for this tool's definition. */
  cacheControl?: { type: 'ephemeral'; ttl?: '5m' | '1h' };
  /** Hints for MCP clients (`readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`). */
  annotations?: ToolAnnotations;
  /** Marks the tool deprecated (a reason, or `true`). */
  deprecated?: string | boolean;
  /**
   * Fields set as written on the tool's Messages API definition, for what toolwright has no
   * option of its own: `@Tool({ anthropic: { defer_loading: true } })`.
   */
  anthropic?: AnthropicToolFields;
}

/** The `@Tool()` options (the name it had when `ToolOptions` also took any other field). */
export type KnownToolOptions = ToolOptions;

/** MCP tool annotations, carried from `@Tool({ annotations })`. */
export interface ToolAnnotations {
  /** A human-readable title for the tool. */
  title?: string;
  /** The tool changes nothing. */
  readOnlyHint?: boolean;
  /** The tool may destroy or overwrite data (meaningful when not read-only). */
  destructiveHint?: boolean;
  /** Calling the tool again with the same input has no further effect. */
  idempotentHint?: boolean;
  /** The tool reaches outside the application (the web, other systems). */
  openWorldHint?: boolean;
}

/** What `@Tool()` records for a method. */
export interface ToolMetadata {
  /** The decorated method's name on the prototype. */
  methodName: string;
  /** The options as written, `name` not yet defaulted. */
  options: ToolOptions;
}

/** Options of `@Param(name?, options?)`. */
export interface ParamOptions {
  /** Overrides the JSDoc `@param` text. */
  description?: string;
  /** The property may be absent (`undefined` is passed to the method). */
  optional?: boolean;
  /** A JSON Schema fragment for when the run-time type says too little (unions, literals, element types). */
  schema?: JsonSchema;
  /**
   * The parameter's class (a DTO, or `Date`) where the compiler emits no decorator metadata
   * (tsx, esbuild, Vitest), as TypeGraphQL's `@Arg(name, () => Type)`: `@Param({ type: Address })`.
   */
  type?: DtoClass;
}

/** `@Param()`: one named input property. */
export interface NamedParamMetadata extends ParamOptions {
  kind: 'named';
  index: number;
  /** Absent when the name is to come from the manifest. */
  name?: string;
}

/** `@Params(Dto)`: the whole input object is this DTO class, flattened to the top level. */
export interface SpreadParamMetadata {
  kind: 'spread';
  index: number;
  /** The DTO class given to `@Params(Dto)`; without it, the emitted `design:paramtypes` entry. */
  type?: DtoClass;
}

/** A DTO class as `@Params(Dto)` takes it. */
export type DtoClass = abstract new (...args: never[]) => object;

/** `@Ctx()`: the `ToolCallContext` is injected; never part of the schema. */
export interface ContextParamMetadata {
  kind: 'context';
  index: number;
}

/** One decorated parameter of a `@Tool` method. */
export type ParamMetadata = NamedParamMetadata | SpreadParamMetadata | ContextParamMetadata;
