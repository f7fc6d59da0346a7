/**
 * What a request sends after a compaction: the conversation from the last compaction block on,
 * the message holding it first and the block first in it. The API refuses two blocks with content
 * (`compaction_block_ambiguous`) and a block that is not the first block of the messages
 * (`compaction_block_misplaced`), and reads nothing before the block anyway. Only the request's
 * copy is cut; the history the agent keeps, returns and pauses with stays whole.
 */
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';

/** A compaction block that counts: one with content (a failed compaction's `null` is a no-op). */
const isCompaction = (block: unknown): boolean =>
  typeof block === 'object' &&
  block !== null &&
  (block as { type?: unknown }).type === 'compaction' &&
  (block as { content?: unknown }).content != null;

/** `messages` from the last compaction block on (the same array's items when there is none). */
export function fromLastCompaction(messages: readonly MessageParam[]): MessageParam[] {
  for (let i = messages.length - 1; i >= 0; i--) {
    const { content } = messages[i];
    if (typeof content === 'string') continue;
    const at = content.findLastIndex(isCompaction);
    if (at < 0) continue;
    // The block opens a reply, so it is the first block of its message; anything before it goes.
    const first = { ...messages[i], content: content.slice(at) } as MessageParam;
    return [first, ...messages.slice(i + 1)];
  }
  return messages.slice();
}
