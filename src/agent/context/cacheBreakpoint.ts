/**
 * The moving cache breakpoint of a multi-turn run, as the prompt caching documentation advises for
 * conversations: besides the tool definitions and the system prompt (marked by the dialect), the
 * last block of the last message carries `cache_control`, so each request writes the conversation
 * so far and the next one reads it. Only the request's copy is marked; the history the agent keeps
 * and returns never carries it, so breakpoints do not pile up past the API's four.
 */
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';

/** The API takes at most four breakpoints in a request. */
const MAX_BREAKPOINTS = 4;

/** Blocks the API does not let carry `cache_control`. */
const UNMARKABLE = new Set(['thinking', 'redacted_thinking']);

type Block = Record<string, unknown>;

const marked = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as Block).cache_control != null;

/** The breakpoints a request already has: marked tools, system blocks and message blocks. */
function breakpointsIn(parts: readonly unknown[], messages: readonly MessageParam[]): number {
  const blocks = messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
  return [...parts, ...blocks].filter(marked).length;
}

/** A block that may carry the breakpoint: not thinking, not empty text. */
function markable(block: Block): boolean {
  if (UNMARKABLE.has(String(block.type))) return false;
  return block.type !== 'text' || (typeof block.text === 'string' && block.text.length > 0);
}

/**
 * `messages` with the last block of the last message marked `cache_control` (a copy of that
 * message; the others are the same objects), when the request has a breakpoint to spare.
 * `parts` are the request's tools and system blocks.
 */
export function withMovingBreakpoint(
  messages: readonly MessageParam[],
  parts: readonly unknown[],
): MessageParam[] {
  const last = messages[messages.length - 1];
  if (!last || breakpointsIn(parts, messages) >= MAX_BREAKPOINTS) return messages.slice();
  const content: Block[] =
    typeof last.content === 'string'
      ? [{ type: 'text', text: last.content }]
      : (last.content as unknown as Block[]);
  const block = content[content.length - 1];
  if (!block || !markable(block) || marked(block)) return messages.slice();
  const marks = { ...block, cache_control: { type: 'ephemeral' } };
  const copy = { ...last, content: [...content.slice(0, -1), marks] } as MessageParam;
  return [...messages.slice(0, -1), copy];
}
