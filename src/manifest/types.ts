/**
 * The manifest: the one shape codegen writes and the registry reads. A manifest entry is the
 * complete, build-time description of one tool; the registry joins it with the run-time
 * decorator metadata by tool name.
 */
import type { JsonSchema, JsonValue, ObjectSchema } from '../schema/JsonSchema';
import type { ToolOptions } from '../metadata/types';
import type { ValidationPipeOptions } from '../validation/pipeOptions';

/** The current manifest format version. */
export const MANIFEST_VERSION = 1;

/** All tools of a project, as written by `toolwright codegen`. */
export interface ToolManifest {
  /** The manifest format's version. */
  version: typeof MANIFEST_VERSION;
  /** Every tool of the project. */
  tools: ManifestTool[];
  /**
   * The `ValidationPipe` options codegen described the schemas for (its `validation`), which the
   * registry then validates with; absent: toolwright's own setting.
   */
  validation?: ValidationPipeOptions;
}

/** One tool's definition. */
export interface ManifestTool {
  /** The tool's name as the model sees it. */
  name: string;
  /** JSDoc summary, then what it returns and what it throws (or the `@Tool` description). */
  description: string;
  /** The JSON Schema of the whole input object. */
  inputSchema: ObjectSchema;
  /** Where the tool is declared. `file` is relative to the manifest's project root, `/`-separated. */
  target: ManifestTarget;
  /** How the input maps onto the method's positional parameters, one entry per parameter index. */
  params: ManifestParam[];
  /**
   * The JSON Schema of what the method returns (its return type, `Promise<T>` unwrapped); absent
   * for `void`, untyped and `toolContent()` results.
   */
  outputSchema?: JsonSchema;
  /** Example inputs (`@example` JSON or `@Tool({ examples })`), sent as `input_examples`. */
  examples?: Record<string, JsonValue>[];
  /** The `@Tool` options that matter at run time or on the wire (strict, requiresApproval, ...). */
  options?: ManifestToolOptions;
}

/** The `@Tool` options a manifest carries; `name`, `description` and `examples` live on the tool itself. */
export type ManifestToolOptions = Omit<ToolOptions, 'name' | 'description' | 'examples'>;

/** The class and method a tool dispatches to, and where it is declared. */
export interface ManifestTarget {
  /** The class that declares the method. */
  class: string;
  /** The method's name. */
  method: string;
  /** The source file, relative to the project's root (the tsconfig's folder unless codegen's `rootDir` says otherwise). */
  file: string;
  /** The line of the method's declaration (1-based). */
  line: number;
}

/** `@Param`: the argument is the input property `name`. */
export interface ManifestNamedParam {
  /** A `@Param` argument. */
  kind: 'named';
  /** The argument's position (0-based). */
  index: number;
  /** The input property the argument comes from. */
  name: string;
  /** Whether the property may be left out. */
  optional: boolean;
  /** This property's schema (the same object as `inputSchema.properties[name]`). */
  schema: JsonSchema;
  /**
   * The class the argument becomes at run time, for code compiled without decorator metadata
   * (tsx, esbuild, Vitest): `Date`, or the name of a DTO class with class-validator decorators
   * (that class is given at run time by `@Param({ type: Dto })`). Absent: the JSON value is passed.
   */
  type?: string;
}

/** `@Params`: the argument is the whole input, as an instance of the DTO class `type`. */
export interface ManifestSpreadParam {
  /** A `@Params` argument: the whole input. */
  kind: 'spread';
  /** The argument's position (0-based). */
  index: number;
  /** The DTO class's name. */
  type: string;
}

/** `@Ctx`: the argument is the call's `ToolCallContext`. */
export interface ManifestContextParam {
  /** A `@Ctx` argument: the call context. */
  kind: 'context';
  /** The argument's position (0-based). */
  index: number;
}

/** One positional parameter of a tool method. */
export type ManifestParam = ManifestNamedParam | ManifestSpreadParam | ManifestContextParam;

/** What every wire format needs to describe a tool: a manifest entry satisfies it. */
export interface ToolDescriptor {
  /** The name the model calls the tool by. */
  name: string;
  /** What the model reads about the tool. */
  description: string;
  /** The JSON Schema of the tool's input. */
  inputSchema: ObjectSchema;
  /** The JSON Schema of what the tool returns, when declared. */
  outputSchema?: JsonSchema;
  /** Example inputs, shown to the model. */
  examples?: Record<string, JsonValue>[];
  /** The tool's `@Tool` options. */
  options?: ManifestToolOptions;
}
