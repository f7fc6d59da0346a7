/**
 * Normalizes the `tool_use` blocks of an Anthropic message into `ToolCall`s, and the ones that
 * cannot run (unknown tool, input not an object) into `InvalidToolCall`s. Syntax and names
 * only; `validateCalls` adds the registry's validation.
 */
import { sanitizeForModel } from '../../errors/sanitizeForModel';
import type { CallParseOptions, ParsedCalls } from '../../calls/ParsedCalls';
import { unknownToolError } from '../../calls/unknownToolError';

/** The part of a Messages API message this reads (a `Message` or a `MessageParam`). */
export interface AnthropicMessageLike {
  /** The message's content: text, or blocks among which the `tool_use` blocks are read. */
  content: string | readonly unknown[];
}

interface ToolUseLike {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

/**
 * The calls of one assistant message.
 * @example
 * const { calls, invalidCalls } = parseAnthropicCalls(message, { tools: registry.descriptors() });
 */
export function parseAnthropicCalls(
  message: AnthropicMessageLike,
  options: CallParseOptions = {},
): ParsedCalls {
  const parsed: ParsedCalls = { calls: [], invalidCalls: [] };
  const blocks = Array.isArray(message?.content) ? message.content : [];
  for (const block of blocks.filter(isToolUse)) {
    const { id, name, input } = block;
    if (options.tools && !options.tools.some((tool) => tool.name === name)) {
      parsed.invalidCalls.push({ id, name, input, error: unknownToolError(name, options.tools) });
    } else if (input === null || typeof input !== 'object' || Array.isArray(input)) {
      const error = sanitizeForModel(`The input of "${name}" must be a JSON object.`);
      parsed.invalidCalls.push({ id, name, input, error });
    } else {
      parsed.calls.push({ id, name, input: input as Record<string, unknown> });
    }
  }
  return parsed;
}

function isToolUse(block: unknown): block is ToolUseLike {
  const candidate = block as Partial<ToolUseLike> | null;
  return (
    candidate !== null &&
    typeof candidate === 'object' &&
    candidate.type === 'tool_use' &&
    typeof candidate.id === 'string' &&
    typeof candidate.name === 'string'
  );
}
