/**
 * Normalizes an OpenAI assistant message's `tool_calls` (arguments as JSON text) into
 * `ToolCall`s, and the ones that cannot run (unknown tool, arguments that are not one JSON
 * object, a non-function call) into `InvalidToolCall`s with the raw arguments kept. For a tool
 * sent with strict function calling, a `null` for an optional property means "not given" and is
 * removed (`schema/strict/absentNulls.ts`).
 */
import { sanitizeForModel } from '../../errors/sanitizeForModel';
import type { OpenAIAssistantMessage, OpenAIToolCall } from './types';
import { dropAbsentNulls } from '../../schema/strict/absentNulls';
import { strictProjectionOf } from '../../schema/strict/strictTools';
import type { CallParseOptions, ParsedCalls } from '../../calls/ParsedCalls';
import type { InvalidToolCall, ToolCall } from '../../calls/types';
import { unknownToolError } from '../../calls/unknownToolError';

/** Options of the OpenAI parsers. */
export interface OpenAICallParseOptions extends CallParseOptions {
  /**
   * Strict function calling for the `tools` whose own `strict` option is not set, as they were
   * rendered (`registry.toOpenAI({ strict })`): their `null` optional properties become absent.
   */
  strict?: boolean;
}

/**
 * The calls of one assistant message.
 * @example
 * const { calls, invalidCalls } = parseOpenAICalls(completion.choices[0].message);
 */
export function parseOpenAICalls(
  message: OpenAIAssistantMessage,
  options: OpenAICallParseOptions = {},
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
  options: OpenAICallParseOptions = {},
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
  const tool = options.tools?.find((candidate) => candidate.name === name);
  if (options.tools && !tool) return invalid(unknownToolError(name, options.tools));
  const input = parseArguments(raw);
  if (!input.ok) return invalid(`Invalid arguments for tool "${name}": ${input.error}`);
  const strict = tool && strictProjectionOf(tool, 'openai', options.strict)?.strict;
  return { id, name, input: strict ? dropAbsentNulls(input.value, tool.inputSchema) : input.value };
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
