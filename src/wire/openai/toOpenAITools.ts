/**
 * Renders tool descriptors as OpenAI function tools (`{ type: 'function', function: { name,
 * description, parameters, strict? } }`). The one renderer behind `registry.toOpenAI()` and
 * `toolwright show --format openai`. A tool that asks for strict function calling is sent with
 * its strict projection (`schema/strict`: every property required, optional ones nullable), or
 * without `strict` when its schema cannot be made strict.
 */
import type { ToolDescriptor } from '../../manifest/types';
import { strictProjectionOf } from '../../schema/strict/strictTools';
import type { OpenAIFunctionTool } from './types';

/** Options of the OpenAI renderer. */
export interface OpenAIRenderOptions {
  /** Strict function calling for every tool whose own `strict` option is not set (default false). */
  strict?: boolean;
}

/** One tool as an OpenAI function tool. */
export function toOpenAITool(
  tool: ToolDescriptor,
  render: OpenAIRenderOptions = {},
): OpenAIFunctionTool {
  const projection = strictProjectionOf(tool, 'openai', render.strict);
  const strict = projection?.strict === true;
  const definition: OpenAIFunctionTool = {
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: strict ? projection.schema : tool.inputSchema,
    },
  };
  if (strict) definition.function.strict = true;
  return definition;
}

/**
 * All tools, in the given order.
 * @example
 * const tools = toOpenAITools(registry.descriptors(), { strict: true });
 */
export function toOpenAITools(
  descriptors: readonly ToolDescriptor[],
  options: OpenAIRenderOptions = {},
): OpenAIFunctionTool[] {
  return descriptors.map((tool) => toOpenAITool(tool, options));
}
