/**
 * What a caller gets from a job's status: the stored outcome once completed, or the registry's
 * texts for a job that failed (its worker died too often, or it could not run) or was cancelled.
 */
import { abortedText, quoteName } from './modelText';
import { sanitizeForModel } from '../errors/sanitizeForModel';
import type { ToolOutcome } from './ToolOutcome';
import type { ToolJobResult, ToolJobStatus } from './ToolJobDispatcher';

/** A stored result as an outcome (BullMQ may hand it over as JSON text). */
export function outcomeOfResult(result: unknown): ToolOutcome {
  const value = typeof result === 'string' ? safeParse(result) : result;
  if (value && typeof value === 'object' && 'isError' in value && 'content' in value) {
    const stored = value as ToolJobResult;
    const outcome: ToolOutcome = {
      content: stored.content as ToolOutcome['content'],
      isError: stored.isError === true,
    };
    if (stored.value !== undefined) outcome.value = stored.value;
    return outcome;
  }
  return { content: 'The job finished without an outcome', isError: true };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The text of a job that failed for good: the queue's reason, bounded. */
export const failedJobText = (tool: string, reason: string | undefined): string =>
  sanitizeForModel(`Tool ${quoteName(tool)} failed: ${reason || 'the job failed'}`, 2000);

/** The outcome of a finished job, or undefined while it is still queued or running. */
export function finalOutcome(tool: string, status: ToolJobStatus): ToolOutcome | undefined {
  switch (status.state) {
    case 'completed':
      return outcomeOfResult(status.result);
    case 'cancelled':
      return { content: abortedText(tool), isError: true };
    case 'failed':
      return { content: failedJobText(tool, status.reason), isError: true };
    case 'unknown':
      return { content: failedJobText(tool, 'the job no longer exists'), isError: true };
    default:
      return undefined;
  }
}
