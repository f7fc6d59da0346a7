/**
 * Runs the registry's validation over parsed calls without dispatching them (manual mode):
 * a call whose input fails moves to the invalid calls with the registry's `path: message`
 * text. Order is kept within each list.
 */
import { sanitizeForModel } from '../errors/sanitizeForModel';
import type { ParsedCalls } from './ParsedCalls';
import type { InvalidToolCall, ToolCall } from './types';

/** What `validateCalls` needs of a registry: its `check` method. */
export interface CallChecker {
  /** Validates one call's input (`ToolRegistry.check`). */
  check(
    name: string,
    input: unknown,
  ): Promise<{ ok: true; input: Record<string, unknown> } | { ok: false; error: string }>;
}

/**
 * Validates every call; never throws (a check that throws makes the call invalid).
 * @example
 * const { calls, invalidCalls } = await validateCalls(registry, parseAnthropicCalls(message));
 */
export async function validateCalls<T extends ParsedCalls>(
  checker: CallChecker,
  parsed: T,
): Promise<T> {
  const checked = await Promise.all(parsed.calls.map((call) => checkOne(checker, call)));
  const calls = checked.filter((call): call is ToolCall => !('error' in call));
  const failed = checked.filter((call): call is InvalidToolCall => 'error' in call);
  return { ...parsed, calls, invalidCalls: [...parsed.invalidCalls, ...failed] };
}

async function checkOne(checker: CallChecker, call: ToolCall): Promise<ToolCall | InvalidToolCall> {
  try {
    const result = await checker.check(call.name, call.input);
    return result.ok ? { ...call, input: result.input } : { ...call, error: result.error };
  } catch (error) {
    return {
      ...call,
      error: sanitizeForModel(error instanceof Error ? error.message : String(error)),
    };
  }
}
