/**
 * Normalizes an OpenAI assistant message's `tool_calls` (arguments as JSON text) into
 * `ToolCall`s, and the ones that cannot run (unknown tool, arguments that are not one JSON
 * object, a non-function call) into `InvalidToolCall`s with the raw arguments kept.
 */
import { sanitizeForModel } from '../errors/sanitizeForModel';
import type { OpenAIAssistantMessage, OpenAIToolCall } from '../formats/openai/types';
import type { CallParseOptions, ParsedCalls } from './ParsedCalls';
import type { InvalidToolCall, ToolCall } from './types';
import { unknownToolError } from './unknownToolError';

/**
 * The calls of one assistant message.
 * @example
 * const { calls, invalidCalls } = parseOpenAICalls(completion.choices[0].message);
 */
export function parseOpenAICalls(
  message: OpenAIAssistantMessage,
  options: CallParseOptions = {},
): ParsedCalls {
  const parsed: ParsedCalls = { calls: [], invalidCalls: [] };
  const toolCalls = Array.isArray(message?.tool_calls) ? message.tool_calls : [];
  for (const toolCall of toolCalls) {
    const call = parseOpenAIToolCall(toolCall, options);
    if ('error' in call) parsed.invalidCalls.push(call);
    else parsed.calls.push(call);
  }
  return parsed;
}

/** One OpenAI tool call, normalized. Never throws. */
export function parseOpenAIToolCall(
  toolCall: OpenAIToolCall,
  options: CallParseOptions = {},
): ToolCall | InvalidToolCall {
  const id = typeof toolCall?.id === 'string' ? toolCall.id : '';
  const name = typeof toolCall?.function?.name === 'string' ? toolCall.function.name : '';
  const raw: unknown = toolCall?.function?.arguments;
  const invalid = (error: string, input: unknown = raw): InvalidToolCall => ({
    id,
    name,
    input,
    error: sanitizeForModel(error),
  });
  if (toolCall?.type !== undefined && toolCall.type !== 'function') {
    return invalid(
      `Tool call "${id}" is of type "${String(toolCall.type)}"; only function calls can run.`,
    );
  }
  if (options.tools && !options.tools.some((tool) => tool.name === name)) {
    return invalid(unknownToolError(name, options.tools));
  }
  const input = parseArguments(raw);
  if (!input.ok) return invalid(`Invalid arguments for tool "${name}": ${input.error}`);
  return { id, name, input: input.value };
}

type ArgumentsResult = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

function parseArguments(raw: unknown): ArgumentsResult {
  if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    return { ok: true, value: raw as Record<string, unknown> };
  }
  if (typeof raw !== 'string') return { ok: false, error: 'the arguments must be a JSON object.' };
  if (!raw.trim()) return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: `not valid JSON (${reason}). Send the arguments as one complete JSON object.`,
    };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, error: 'the arguments must be a JSON object.' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}
