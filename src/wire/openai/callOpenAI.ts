/**
 * Runs an OpenAI assistant message's `tool_calls` through a registry and answers each with one
 * `{ role: 'tool', tool_call_id, content }` message, in order. Never throws: unknown tools,
 * arguments that are not one JSON object, failing calls and calls of a `requiresApproval` tool
 * its `approve` hook does not approve answer `Error: …` text. Tools sent
 * with strict function calling get `null` optional properties as absent (see `parseOpenAICalls`).
 */
import { parseOpenAIToolCall } from './parseOpenAICalls';
import { sanitizeForModel } from '../../errors/sanitizeForModel';
import type { ToolOutcome } from '../../calls/ToolOutcome';
import type { CallOptions } from '../../calls/ToolCallContext';
import type { ObjectSchema } from '../../schema/JsonSchema';
import type { ManifestToolOptions } from '../../manifest/types';
import { approveModelCall } from '../../calls/approveModelCall';
import type { CallApprover } from '../../calls/approveModelCall';
import { contentText } from '../xml/renderFunctionResults';
import type { OpenAIToolCall, OpenAIToolMessage } from './types';

/** What `callOpenAI` needs of a registry. */
export interface OpenAIToolHost {
  /** The tools: name and options. */
  list(): readonly { name: string; inputSchema: ObjectSchema; options?: ManifestToolOptions }[];
  /** Validates without running (the input an approval hook sees). */
  check(
    name: string,
    input: unknown,
  ): Promise<{ ok: true; input: Record<string, unknown> } | { ok: false; error: string }>;
  /** Runs a validated call (`ToolRegistry.call`). */
  call(name: string, input: unknown, options?: CallOptions): Promise<ToolOutcome>;
}

/** Options of `callOpenAI`: what every call's context gets, and how the tools were rendered. */
export type CallOpenAIOptions = Pick<CallOptions, 'signal' | 'state' | 'timeoutMs'> & {
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
    const tools = host.list();
    const { strict, approve, ...callOptions } = options;
    const parsed = parseOpenAIToolCall(toolCall, { tools, strict });
    if ('error' in parsed) return reply(asError(parsed.error));
    let input = parsed.input;
    if (tools.find((tool) => tool.name === parsed.name)?.options?.requiresApproval) {
      const checked = await host.check(parsed.name, input);
      if (!checked.ok) return reply(asError(checked.error));
      const refusal = await approveModelCall(
        { id, name: parsed.name, input: checked.input },
        approve,
      );
      if (refusal !== undefined) return reply(asError(refusal));
      input = checked.input; // the checked snapshot: dispatched without validating again
    }
    const outcome = await host.call(parsed.name, input, { ...callOptions, toolUseId: id });
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
