/**
 * Pausing a run: when calls of a turn wait for approval, the turn's answers so far (calls that
 * needed none have run) and the waiting calls' validated input are written into a plain-JSON
 * state, saved in the agent's approval store under the run id with its TTL, and returned.
 */
import { randomUUID } from 'node:crypto';
import type { Message, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { AgentCore } from './AgentCore';
import type { CallAnswer } from './dialects/AgentDialect';
import type { AgentUsage } from './types';
import type { PausedCall, PausedRunState, PendingApproval } from '../approvals/types';

/** Where the loop stood when a turn's calls paused. */
export interface PausePoint {
  /** The run's id when it paused before (a resumed run keeps its id). */
  runId?: string;
  /** The history, ending with the assistant message whose calls wait. */
  messages: MessageParam[];
  message: Message;
  answers: readonly CallAnswer[];
  iterations: number;
  usage: AgentUsage;
  /** W3C headers of the pausing run's span (the resumed run's span links to it). */
  trace?: Record<string, string>;
}

/** A call of the paused turn as the state keeps it: waiting, or answered with its result. */
export function pausedCall({ call, content, isError, pending, job }: CallAnswer): PausedCall {
  const input = call.input as Record<string, unknown>;
  if (pending && job !== undefined)
    return { status: 'job', id: call.id, name: call.name, input, jobId: job };
  return pending
    ? { status: 'pending', id: call.id, name: call.name, input }
    : { status: 'answered', id: call.id, name: call.name, input: call.input, content, isError };
}

/** Saves the paused run and returns what `run()` answers with. */
export async function pauseRun(core: AgentCore, point: PausePoint): Promise<PendingApproval> {
  const { store, ttlSeconds } = core.settings.approvals;
  const now = Date.now();
  const state: PausedRunState = JSON.parse(
    JSON.stringify({
      version: 1,
      runId: point.runId ?? randomUUID(),
      format: core.settings.format,
      messages: point.messages,
      message: point.message,
      calls: point.answers.map(pausedCall),
      iterations: point.iterations,
      usage: point.usage,
      pausedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + ttlSeconds * 1000).toISOString(),
      ...(point.trace ? { trace: point.trace } : {}),
    }),
  ) as PausedRunState;
  try {
    await store.save(state.runId, state, ttlSeconds);
  } catch (error) {
    // Calls of the turn may have run: their results are in the state, which the caller gets
    // with the error (`error.state`), to store elsewhere or resume from as it is.
    if (error !== null && typeof error === 'object') {
      (error as { state?: PausedRunState }).state = state;
    }
    throw error;
  }
  return pendingOf(state);
}

/** What `run()` answers for a paused state: the calls waiting for a decision, and the jobs. */
export function pendingOf(state: PausedRunState): PendingApproval {
  const pending = pendingCalls(state);
  const jobs = state.calls.flatMap((call) =>
    call.status === 'job' ? [{ id: call.id, name: call.name, jobId: call.jobId }] : [],
  );
  const status = pending.length > 0 || jobs.length === 0 ? 'pending_approval' : 'pending_jobs';
  return { status, runId: state.runId, pending, jobs, state };
}

/** The calls of a paused state that wait for a decision. */
export function pendingCalls(state: PausedRunState): PendingApproval['pending'] {
  return state.calls.flatMap((call) =>
    call.status === 'pending' ? [{ id: call.id, name: call.name, input: call.input }] : [],
  );
}
