/**
 * Compaction (`compact_20260112`) as the API does it: once the input passes the trigger (default
 * 150,000 input tokens, at least 50,000), the reply opens with a `compaction` block holding a
 * summary of the conversation (`pause_after_compaction`: the reply is that block alone, stop
 * reason `compaction`). A later request sends the block back as it was received, as the first
 * block of its messages (the earlier ones left out), and only the block returned last: a block
 * elsewhere, or two with content, are refused with the API's error codes. The ledger is the
 * server's memory of the blocks it returned, so a block sent back altered (or never returned)
 * is refused.
 */
import { randomBytes } from 'node:crypto';
import { contentBlocks, requestTokens } from './promptSegments';
import type { PromptBody } from './promptSegments';
import type { CodedRefusal } from './errorBody';

/** What a `compact_20260112` edit asks (the Messages API's shape). */
export interface CompactEdit {
  type: 'compact_20260112';
  trigger?: { type: 'input_tokens'; value: number } | null;
  pause_after_compaction?: boolean;
  instructions?: string | null;
}

/** The smallest trigger the API takes. */
export const MIN_COMPACTION_TRIGGER = 50_000;
/** The trigger when the edit names none. */
export const DEFAULT_COMPACTION_TRIGGER = 150_000;

/** A `compaction` block as the API returns it. */
export interface CompactionBlock {
  type: 'compaction';
  content: string | null;
  encrypted_content: string | null;
}

type Body = PromptBody;

const isCompaction = (block: unknown): block is Record<string, unknown> =>
  typeof block === 'object' &&
  block !== null &&
  (block as { type?: unknown }).type === 'compaction';

/** The blocks one server returned, by their opaque `encrypted_content`. */
export class CompactionLedger {
  private readonly issued = new Map<string, string | null>();

  /** A new block holding `summary`, remembered. */
  issue(summary: string): CompactionBlock {
    const encrypted = `enc_${randomBytes(12).toString('base64url')}`;
    this.issued.set(encrypted, summary);
    return { type: 'compaction', content: summary, encrypted_content: encrypted };
  }

  /** The 400 message for a compaction block not sent back as returned, or null. */
  check(messages: readonly unknown[]): string | null {
    for (const [i, message] of messages.entries()) {
      for (const [j, block] of contentBlocks(message).entries()) {
        if (!isCompaction(block)) continue;
        const encrypted = block.encrypted_content;
        const known = typeof encrypted === 'string' && this.issued.has(encrypted);
        if (!known || this.issued.get(encrypted) !== block.content) {
          return `messages.${i}.content.${j}: the \`compaction\` block differs from the one the API returned; send compaction blocks back unchanged`;
        }
      }
    }
    return null;
  }
}

/** Where the compaction blocks with content are (a failed compaction's, `content: null`, is a no-op). */
function compactionsWithContent(messages: readonly unknown[]): string[] {
  return messages.flatMap((message, i) =>
    contentBlocks(message).flatMap((block, j) =>
      isCompaction(block) && block.content !== null ? [`messages.${i}.content.${j}`] : [],
    ),
  );
}

/**
 * The API's refusal of compaction blocks out of place, or null: more than one with content
 * (`compaction_block_ambiguous`), or one that is not the first block of the messages
 * (`compaction_block_misplaced`).
 */
export function compactionPlacement(messages: readonly unknown[]): CodedRefusal | null {
  const found = compactionsWithContent(messages);
  if (found.length > 1) {
    return {
      code: 'compaction_block_ambiguous',
      message: `messages: ${found.length} \`compaction\` blocks with content (${found.join(', ')}); send only the block the conversation returned last`,
    };
  }
  if (found.length === 1 && found[0] !== 'messages.0.content.0') {
    return {
      code: 'compaction_block_misplaced',
      message: `${found[0]}: the \`compaction\` block must be the first block of the conversation (messages.0.content.0); leave out the messages before it`,
    };
  }
  return null;
}

/** True when a message of the request holds a compaction block. */
export function hasCompaction(messages: readonly unknown[]): boolean {
  return messages.some((message) => contentBlocks(message).some(isCompaction));
}

/**
 * The messages as the API reads them: from the last compaction block on (the blocks before it,
 * in its message and the ones before, are dropped).
 */
export function afterCompaction(messages: readonly unknown[]): unknown[] {
  for (let i = messages.length - 1; i >= 0; i--) {
    const blocks = contentBlocks(messages[i]);
    const at = blocks.findLastIndex(isCompaction);
    if (at < 0) continue;
    const message = { ...(messages[i] as object), content: blocks.slice(at) };
    return [message, ...messages.slice(i + 1)];
  }
  return [...messages];
}

/** The 400 message for an edit the API refuses, or null. */
export function compactEditProblem(edit: CompactEdit, at: number): string | null {
  const value = edit.trigger?.value;
  if (value !== undefined && !(Number.isInteger(value) && value >= MIN_COMPACTION_TRIGGER)) {
    return `context_management.edits.${at}.trigger.value: must be an integer of at least ${MIN_COMPACTION_TRIGGER} input tokens, got ${String(value)}`;
  }
  return null;
}

/** Whether the request (as the API reads it) passed the edit's trigger. */
export function compactionDue(edit: CompactEdit, body: Body): boolean {
  const trigger = edit.trigger?.value ?? DEFAULT_COMPACTION_TRIGGER;
  return requestTokens({ ...body, messages: afterCompaction(body.messages ?? []) }) >= trigger;
}
