/**
 * Tool result clearing (`clear_tool_uses_20250919`) as the API applies it before the model reads
 * the prompt: once the input passes the trigger (default 100,000 input tokens), the oldest tool
 * results (and, with `clear_tool_inputs`, the calls' input) are replaced by a placeholder, all but
 * the last `keep` tool uses (default 3) and those of `exclude_tools`; nothing is cleared when
 * less than `clear_at_least` tokens would be. The client's history is never changed: the API edits
 * its own copy, and says what it did in `context_management.applied_edits`.
 */
import { contentBlocks, requestTokens } from './promptSegments';
import type { PromptBody } from './promptSegments';

/** What a `clear_tool_uses_20250919` edit asks (the Messages API's shape). */
export interface ClearToolUsesEdit {
  type: 'clear_tool_uses_20250919';
  trigger?: { type: 'input_tokens' | 'tool_uses'; value: number } | null;
  keep?: { type: 'tool_uses'; value: number } | null;
  clear_at_least?: { type: 'input_tokens'; value: number } | null;
  exclude_tools?: string[] | null;
  clear_tool_inputs?: boolean | string[] | null;
}

/** What the response says of an applied edit. */
export interface AppliedClearToolUses {
  type: 'clear_tool_uses_20250919';
  cleared_tool_uses: number;
  cleared_input_tokens: number;
}

/** The placeholder a cleared tool result is replaced with. */
export const CLEARED_TOOL_RESULT = '[tool result cleared to save context]';

type Block = Record<string, unknown>;
type Body = PromptBody;

/** A tool use of the history: its call block and its result block, where it has one. */
interface ToolUse {
  use: Block;
  result?: Block;
}

/** The history's tool uses, oldest first, on a copy of its messages whose blocks may be edited. */
function toolUses(messages: unknown[]): { messages: Block[]; uses: ToolUse[] } {
  const copy = messages.map((message) => {
    const blocks = contentBlocks(message).map((block) => ({ ...(block as Block) }));
    return { ...(message as Block), content: blocks };
  });
  const results = new Map<string, Block>();
  for (const message of copy) {
    for (const block of message.content) {
      if (block.type === 'tool_result') results.set(String(block.tool_use_id), block);
    }
  }
  const uses: ToolUse[] = [];
  for (const message of copy) {
    for (const block of message.content) {
      if (block.type === 'tool_use')
        uses.push({ use: block, result: results.get(String(block.id)) });
    }
  }
  return { messages: copy, uses };
}

function clearsInput(edit: ClearToolUsesEdit, name: unknown): boolean {
  const inputs = edit.clear_tool_inputs;
  return inputs === true || (Array.isArray(inputs) && inputs.includes(String(name)));
}

/** Whether the request passed the edit's trigger. */
function triggered(edit: ClearToolUsesEdit, body: Body, uses: number): boolean {
  const trigger = edit.trigger ?? { type: 'input_tokens', value: 100_000 };
  return trigger.type === 'tool_uses'
    ? uses >= trigger.value
    : requestTokens(body) >= trigger.value;
}

/**
 * Applies the edit to a copy of the request's messages: the messages the model reads, and what
 * the response reports (null when the edit did not apply).
 */
export function clearToolUses(
  edit: ClearToolUsesEdit,
  body: Body,
): { messages: unknown[]; applied: AppliedClearToolUses | null } {
  const original = body.messages ?? [];
  const { messages, uses } = toolUses(original);
  if (!triggered(edit, body, uses.length)) return { messages: original, applied: null };
  const keep = edit.keep?.value ?? 3;
  const excluded = new Set(edit.exclude_tools ?? []);
  const cleared = uses
    .slice(0, Math.max(0, uses.length - keep))
    .filter(({ use, result }) => result && !excluded.has(String(use.name)));
  for (const { use, result } of cleared) {
    if (result) result.content = CLEARED_TOOL_RESULT;
    if (clearsInput(edit, use.name)) use.input = {};
  }
  const saved = requestTokens(body) - requestTokens({ ...body, messages });
  if (cleared.length === 0 || saved < (edit.clear_at_least?.value ?? 0)) {
    return { messages: original, applied: null };
  }
  const applied: AppliedClearToolUses = {
    type: 'clear_tool_uses_20250919',
    cleared_tool_uses: cleared.length,
    cleared_input_tokens: saved,
  };
  return { messages, applied };
}
