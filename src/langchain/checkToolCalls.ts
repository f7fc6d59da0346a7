/**
 * Sorts the tool calls of a LangChain `AIMessage` with toolwright's decoder and validator, as
 * `ToolAgent.step()` does: the calls that would run stay in `tool_calls`, the others move to
 * `invalid_tool_calls` with the registry's path-level `error` (LangChain's own invalid calls,
 * whose arguments were not JSON, are kept). Nothing runs.
 */
import type { InvalidToolCall, ToolCall } from '@langchain/core/messages/tool';
import type { ToolCaller } from '../calls/ToolCaller';
import type { LangChainToolSource } from './types';

/** The tool calls of a message, sorted. */
export interface CheckedToolCalls {
  /** The calls the registry would run. */
  tool_calls: ToolCall[];
  /** The message's own invalid calls, then the calls the registry refuses, with its `error`. */
  invalid_tool_calls: InvalidToolCall[];
}

/**
 * Checks every `tool_calls` entry of `message` against the registry. A call of an unknown tool is
 * answered with the tools `options.caller` may use (give the caller the tools were made for).
 * @example
 * const reply = await model.bindTools(tools).invoke(messages);
 * const { tool_calls, invalid_tool_calls } = await checkToolCalls(registry, reply, { caller });
 */
export async function checkToolCalls(
  source: Pick<LangChainToolSource, 'check'>,
  message: { tool_calls?: ToolCall[]; invalid_tool_calls?: InvalidToolCall[] },
  options: { caller?: ToolCaller } = {},
): Promise<CheckedToolCalls> {
  const sorted: CheckedToolCalls = {
    tool_calls: [],
    invalid_tool_calls: [...(message.invalid_tool_calls ?? [])],
  };
  for (const call of message.tool_calls ?? []) {
    const checked = await source.check(call.name, call.args, options);
    if (checked.ok) sorted.tool_calls.push(call);
    else
      sorted.invalid_tool_calls.push({
        type: 'invalid_tool_call',
        id: call.id,
        name: call.name,
        args: JSON.stringify(call.args),
        error: checked.error,
      });
  }
  return sorted;
}
