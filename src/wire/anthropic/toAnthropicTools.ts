/**
 * Renders tool descriptors as Messages API tool definitions. The one renderer behind
 * `registry.toAnthropic()` and `toolwright show --format anthropic`. A tool that asks for strict
 * tool use is sent with its strict projection (`schema/strict`), or without `strict` when its
 * schema cannot be made strict. Of the `@Tool` options only `cacheControl`, `callableFromCode`
 * (`codeCallable`) and the fields of `anthropic` go on the wire; the others are toolwright's own.
 */
import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages';
import type { ToolDescriptor } from '../../manifest/types';
import { strictProjectionOf } from '../../schema/strict/strictTools';
import { applyCallableFromCode } from './codeCallable';

/** Options as `{ cache: true }` asks them of a renderer. */
export interface AnthropicRenderOptions {
  /** Mark the last tool with `cache_control` so the whole tool list is cached. */
  cache?: boolean;
  /** Strict tool use for every tool whose own `strict` option is not set (default false). */
  strict?: boolean;
}

/** One tool definition as the Messages API takes it. */
export function toAnthropicTool(
  tool: ToolDescriptor,
  render: Pick<AnthropicRenderOptions, 'strict'> = {},
): AnthropicTool {
  const projection = strictProjectionOf(tool, 'anthropic', render.strict);
  const strict = projection?.strict === true;
  const options = tool.options ?? {};
  // The `anthropic` fields as written (the API judges them), under toolwright's own.
  const definition = {
    ...options.anthropic,
    name: tool.name,
    description: tool.description,
    input_schema: strict ? (projection.schema as AnthropicTool['input_schema']) : tool.inputSchema,
  } as AnthropicTool;
  if (tool.examples?.length) definition.input_examples = tool.examples;
  if (strict) definition.strict = true;
  if (options.cacheControl) definition.cache_control = options.cacheControl;
  applyCallableFromCode(definition, tool);
  return definition;
}

/**
 * All tools, in the given order.
 * @example
 * const tools = toAnthropicTools(manifest.tools, { strict: true });
 */
export function toAnthropicTools(
  tools: readonly ToolDescriptor[],
  options: AnthropicRenderOptions = {},
): AnthropicTool[] {
  const definitions = tools.map((tool) => toAnthropicTool(tool, options));
  const last = definitions[definitions.length - 1];
  if (options.cache && last && !last.cache_control) last.cache_control = { type: 'ephemeral' };
  return definitions;
}
