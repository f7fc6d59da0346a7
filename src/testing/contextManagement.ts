/**
 * The server side of `context_management`, as the API applies it to a request: the betas each
 * edit needs, compaction blocks sent back as returned (alone, first), tool result clearing and compaction in the
 * order of the edits. The outcome is the prompt the model reads (for the token counts), what the
 * response reports (`context_management.applied_edits`) and a compaction block to open the reply.
 */
import { clearToolUses } from './contextEditing';
import type { AppliedClearToolUses, ClearToolUsesEdit } from './contextEditing';
import {
  afterCompaction,
  compactEditProblem,
  compactionDue,
  compactionPlacement,
  hasCompaction,
} from './compaction';
import type { CompactEdit, CompactionBlock, CompactionLedger } from './compaction';
import { requestBetas } from './requestBetas';
import type { Refusal } from './errorBody';
import type { RecordedRequest, ScriptedReply, ScriptedServerOptions } from './types';

/** The beta of context editing (`clear_tool_uses_20250919`, `clear_thinking_20251015`). */
export const CONTEXT_MANAGEMENT_BETA = 'context-management-2025-06-27';
/** The beta of compaction (`compact_20260112` and its `compaction` blocks). */
export const COMPACTION_BETA = 'compact-2026-01-12';

/** The beta each edit type needs. */
const EDIT_BETAS: Record<string, string> = {
  clear_tool_uses_20250919: CONTEXT_MANAGEMENT_BETA,
  clear_thinking_20251015: CONTEXT_MANAGEMENT_BETA,
  compact_20260112: COMPACTION_BETA,
};

type Body = RecordedRequest['body'];

/** What context management made of a request. */
export interface ContextOutcome {
  /** The request as the model reads it (edited, from the last compaction on). */
  read: Body;
  /** What the response says in `context_management` (absent when the request asked for none). */
  report?: { applied_edits: AppliedClearToolUses[] };
  /** The compaction block the reply opens with, when compaction was due. */
  compaction?: CompactionBlock;
  /** `pause_after_compaction`: the reply is the compaction block alone. */
  pause?: boolean;
}

function editsOf(body: Body): { edits: Record<string, unknown>[] } | string {
  const config = body.context_management as { edits?: unknown } | null;
  if (typeof config !== 'object' || config === null || !Array.isArray(config.edits ?? [])) {
    return 'context_management: must be an object with an `edits` array';
  }
  return { edits: (config.edits ?? []) as Record<string, unknown>[] };
}

/** The 400 message for an edit the request may not carry, or null. */
function editProblem(edit: Record<string, unknown>, at: number, betas: string[]): string | null {
  const beta = EDIT_BETAS[String(edit.type)];
  if (!beta) {
    return `context_management.edits.${at}.type: unknown edit ${JSON.stringify(edit.type)}; expected one of ${Object.keys(EDIT_BETAS).join(', ')}`;
  }
  if (!betas.includes(beta)) {
    return `context_management.edits.${at}: ${String(edit.type)} needs the beta header \`anthropic-beta: ${beta}\``;
  }
  return edit.type === 'compact_20260112'
    ? compactEditProblem(edit as unknown as CompactEdit, at)
    : null;
}

/**
 * Applies the request's context management; a refusal is the 400 of a request the API refuses. `summary` writes a compaction's summary when one is due.
 */
export function manageContext(
  request: Pick<RecordedRequest, 'headers' | 'body'>,
  ledger: CompactionLedger,
  summary: () => string,
): ContextOutcome | Refusal {
  const { body } = request;
  const betas = requestBetas(request);
  const messages = body.messages ?? [];
  if (hasCompaction(messages)) {
    if (!betas.includes(COMPACTION_BETA)) {
      return `messages: \`compaction\` blocks need the beta header \`anthropic-beta: ${COMPACTION_BETA}\``;
    }
    const problem = compactionPlacement(messages) ?? ledger.check(messages);
    if (problem) return problem;
  }
  let read: Body = { ...body, messages: afterCompaction(messages) };
  if (body.context_management == null) return { read };
  const config = editsOf(body);
  if (typeof config === 'string') return config;
  const outcome: ContextOutcome = { read, report: { applied_edits: [] } };
  for (const [at, edit] of config.edits.entries()) {
    const problem = editProblem(edit, at, betas);
    if (problem) return problem;
    if (edit.type === 'clear_tool_uses_20250919') {
      const cleared = clearToolUses(edit as unknown as ClearToolUsesEdit, read);
      read = { ...read, messages: cleared.messages };
      if (cleared.applied) outcome.report?.applied_edits.push(cleared.applied);
    } else if (
      edit.type === 'compact_20260112' &&
      compactionDue(edit as unknown as CompactEdit, read)
    ) {
      const block = summary();
      outcome.compaction = ledger.issue(block);
      outcome.pause = (edit as unknown as CompactEdit).pause_after_compaction === true;
      read = { ...read, messages: [{ role: 'assistant', content: [outcome.compaction] }] };
    }
  }
  outcome.read = read;
  return outcome;
}

/**
 * The reply as the API sends it after context management: opened by the compaction block (or,
 * with `pause_after_compaction`, that block alone, the scripted turn left for the next request),
 * with `context_management` when the request asked for it. `turn` is undefined on a pause.
 */
export function replyWithContext(
  turn: ScriptedReply | undefined,
  outcome: ContextOutcome,
): ScriptedReply {
  const report = outcome.report ? { context_management: outcome.report } : {};
  if (outcome.pause && outcome.compaction) {
    return { content: [{ ...outcome.compaction }], stop_reason: 'compaction', ...report };
  }
  const reply: ScriptedReply = { ...(turn ?? { content: [] }), ...report };
  if (outcome.compaction) reply.content = [{ ...outcome.compaction }, ...reply.content];
  return reply;
}

/** The summary of a compaction for `request`: the script's, or a line naming what it summarizes. */
export function compactionSummaryOf(
  summary: ScriptedServerOptions['compactionSummary'],
  request: RecordedRequest,
): string {
  if (typeof summary === 'function') return summary(request);
  if (typeof summary === 'string') return summary;
  const count = afterCompaction(request.body.messages ?? []).length;
  return `Summary of the conversation so far (${count} messages compacted).`;
}
