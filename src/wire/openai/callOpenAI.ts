/**
 * Runs an OpenAI assistant message's `tool_calls` through a registry and answers each with one
 * `{ role: 'tool', tool_call_id, content }` message, in order. Never throws: unknown tools,
 * arguments that are not one JSON object, failing calls, and calls the call pipeline refuses (a
 * `requiresApproval` tool its `approve` hook does not approve, a scoped tool without its
 * `caller`) answer `Error: …` text. Tools sent
 * with strict function calling get `null` optional properties as absent (see `parseOpenAICalls`).
 */
import { parseOpenAIToolCall } from './parseOpenAICalls';
import { sanitizeForModel } from '../../errors/sanitizeForModel';
import type { CallOptions } from '../../calls/ToolCallContext';
import type { ObjectSchema } from '../../schema/JsonSchema';
import type { ManifestToolOptions } from '../../manifest/types';
import type { CallApprover } from '../../calls/approveModelCall';
import { runModelCall } from '../../pipeline/runModelCall';
import { listedFor } from '../../pipeline/listedFor';
import type { ToolCaller } from '../../calls/ToolCaller';
import type { ModelCallHost } from '../../pipeline/runModelCall';
import { contentText } from '../xml/renderFunctionResults';
import type { OpenAIToolCall, OpenAIToolMessage } from './types';

/** What `callOpenAI` needs of a registry (`ToolRegistry` has it): the call pipeline's needs, and the list. */
export interface OpenAIToolHost extends ModelCallHost {
  /** The tools: name and options. */
  list(): readonly { name: string; inputSchema: ObjectSchema; options?: ManifestToolOptions }[];
}

/** Options of `callOpenAI`: what every call's context gets, and how the tools were rendered. */
export type CallOpenAIOptions = Pick<CallOptions, 'signal' | 'state' | 'timeoutMs' | 'caller'> & {
  /** The `strict` default the tools were rendered with (`toOpenAI({ strict })`). */
  strict?: boolean;
  /**
   * Decides each valid call of a tool marked `requiresApproval`, as the agent's `approve` does;
   * without it such calls are refused (`Error: Tool "…" was not run: …`).
   */
  approve?: CallApprover;
};

/**
 * One tool message per call, in the calls' order; the calls run concurrently.
 * @example
 * messages.push(...(await callOpenAI(registry, completion.choices[0].message.tool_calls ?? [])));
 */
export async function callOpenAI(
  host: OpenAIToolHost,
  toolCalls: readonly OpenAIToolCall[] | null | undefined,
  options: CallOpenAIOptions = {},
): Promise<OpenAIToolMessage[]> {
  const list = Array.isArray(toolCalls) ? toolCalls : [];
  return Promise.all(list.map((toolCall, index) => answer(host, toolCall, index, options)));
}

/**
 * The tools a call is parsed against: those the caller may use (an unknown name's error names no
 * other, as the tool list the caller was shown has none), and the one it names, if it exists, so
 * that a call of a tool the caller may not use reaches the pipeline, which refuses it saying why.
 */
function toolsFor(host: OpenAIToolHost, toolCall: OpenAIToolCall, caller: ToolCaller | undefined) {
  const all = host.list();
  const listed = listedFor(all, host, caller);
  const called = all.find((tool) => tool.name === toolCall?.function?.name);
  return called && !listed.includes(called) ? [...listed, called] : listed;
}

async function answer(
  host: OpenAIToolHost,
  toolCall: OpenAIToolCall,
  index: number,
  options: CallOpenAIOptions,
): Promise<OpenAIToolMessage> {
  const id = typeof toolCall?.id === 'string' ? toolCall.id : `call_${index}`;
  const reply = (content: string): OpenAIToolMessage => ({
    role: 'tool',
    tool_call_id: id,
    content,
  });
  try {
    const tools = toolsFor(host, toolCall, options.caller);
    const { strict, approve, ...callOptions } = options;
    const parsed = parseOpenAIToolCall(toolCall, { tools, strict });
    if ('error' in parsed) return reply(asError(parsed.error));
    const outcome = await runModelCall(
      host,
      { id, name: parsed.name, input: parsed.input },
      { ...callOptions, ...(approve ? { approve } : {}) },
    );
    const text = contentText(outcome.content);
    return reply(outcome.isError ? asError(sanitizeForModel(text)) : text);
  } catch (error) {
    const name = toolCall?.function?.name ?? '';
    const reason = error instanceof Error ? error.message : String(error);
    return reply(asError(sanitizeForModel(`Tool "${name}" failed: ${reason}`)));
  }
}

/** Error text as OpenAI tool content: `Error: …`, never doubled. */
function asError(text: string): string {
  return /^error\b/i.test(text) ? text : `Error: ${text}`;
}
