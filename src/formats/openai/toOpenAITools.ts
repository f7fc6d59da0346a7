/**
 * Renders tool descriptors as OpenAI function tools (`{ type: 'function', function: { name,
 * description, parameters, strict? } }`). The one renderer behind `registry.toOpenAI()` and
 * `toolwright show --format openai`.
 */
import type { ToolDescriptor } from '../../manifest/types';
import type { OpenAIFunctionTool } from './types';

/** One tool as an OpenAI function tool. */
export function toOpenAITool(tool: ToolDescriptor): OpenAIFunctionTool {
  const definition: OpenAIFunctionTool = {
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
  };
  const strict = tool.options?.strict;
  if (typeof strict === 'boolean') definition.function.strict = strict;
  return definition;
}

/**
 * All tools, in the given order.
 * @example
 * const tools = toOpenAITools(registry.descriptors());
 */
export function toOpenAITools(descriptors: readonly ToolDescriptor[]): OpenAIFunctionTool[] {
  return descriptors.map(toOpenAITool);
}
