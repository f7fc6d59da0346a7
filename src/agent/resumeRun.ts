/**
 * Resuming a paused run: take its state (from the store by run id, at most once; or as given),
 * collect one decision per waiting call before anything runs, run the approved calls, deny the
 * others, and answer every call of the paused turn in order, the calls that had already run
 * with their kept results, so the pairing rule holds whatever was decided.
 */
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { ToolCall } from '../calls/types';
import { ApprovalNotFoundError } from '../errors/ApprovalNotFoundError';
import { canonicalFormat } from '../approvals/AgentFormat';
import { runCallPipeline } from '../pipeline/runModelCall';
import { sanitizeForModel } from '../errors/sanitizeForModel';
import { ToolwrightError } from '../errors/ToolwrightError';
import { isTaskJobDispatcher } from '../calls/ToolJobDispatcher';
import type { AgentCore } from './AgentCore';
import { createLimiter } from './createLimiter';
import type { CallAnswer } from './dialects/AgentDialect';
import { raceAbort } from './raceAbort';
import type { LoopStart } from './runLoop';
import type { ApprovalDecision } from './types';
import { checkPausedState } from '../approvals/checkPausedState';
import { pendingCalls, pausedCall } from './pauseRun';
import { holdRun } from './runLease';
import type { RunHold } from './runLease';
import type { PausedCall, PausedRunState, ResumeDecisions } from '../approvals/types';

/** What the loop needs to go on: the history with the paused turn answered, and where it stood. */
export interface ResumePoint {
  messages: MessageParam[];
  from: LoopStart;
  /** Tells the store how the resume ended (see `runLease`). */
  settle: RunHold['settle'];
}

/** `undefined` approves; otherwise the denial reason. Throws on a value that is no decision. */
function refusalOf(decision: unknown, call: ToolCall): string | undefined {
  if (decision === true) return undefined;
  if (decision === false) return 'not approved';
  if (typeof decision === 'object' && decision !== null && 'approved' in decision) {
    const { approved, reason } = decision as { approved: unknown; reason?: unknown };
    if (approved === true) return undefined;
    if (approved === false) return typeof reason === 'string' && reason ? reason : 'not approved';
  }
  throw new ToolwrightError(
    `ToolAgent.resume: the decision for call "${call.id}" (${call.name}) must be true, false or { approved, reason? }, got ${JSON.stringify(decision)}`,
  );
}

/** One decision per waiting call, asked or looked up before anything runs. */
async function collectDecisions(
  pending: ToolCall[],
  decisions: ResumeDecisions,
): Promise<Map<string, string | undefined>> {
  if (typeof decisions !== 'function') {
    if (typeof decisions !== 'object' || decisions === null) {
      throw new ToolwrightError(
        'ToolAgent.resume: decisions must be an object keyed by call id, or a function of the call',
      );
    }
    const ids = new Set(pending.map((call) => call.id));
    const missing = pending.filter((call) => !Object.hasOwn(decisions, call.id));
    const unknown = Object.keys(decisions).filter((id) => !ids.has(id));
    if (missing.length > 0 || unknown.length > 0) {
      throw new ToolwrightError(
        `ToolAgent.resume: decisions must name every waiting call and no other; missing: [${missing.map((c) => c.id).join(', ')}], not waiting: [${unknown.join(', ')}]`,
      );
    }
  }
  const decide = (call: ToolCall): ApprovalDecision | Promise<ApprovalDecision> =>
    typeof decisions === 'function' ? decisions(call) : decisions[call.id];
  const refusals = new Map<string, string | undefined>();
  for (const call of pending) refusals.set(call.id, refusalOf(await decide(call), call));
  return refusals;
}

/** The state to resume: taken from the store by id (at most once), or checked as given. */
async function takeState(core: AgentCore, from: PausedRunState | string): Promise<PausedRunState> {
  const { store } = core.settings.approvals;
  const state =
    typeof from === 'string' ? await store.load(from) : checkPausedState(from, 'ToolAgent.resume');
  if (!state) throw new ApprovalNotFoundError(String(from));
  if (canonicalFormat(state.format) !== core.settings.format) {
    throw new ToolwrightError(
      `ToolAgent.resume: run "${state.runId}" was paused in the ${canonicalFormat(state.format)} format, this agent uses ${core.settings.format}`,
    );
  }
  return state;
}

/** The answer to a call deferred to its job: the job's outcome, once it has one. */
async function jobAnswer(
  core: AgentCore,
  call: Extract<PausedCall, { status: 'job' }>,
  signal: AbortSignal,
): Promise<CallAnswer> {
  const dialectCall = { id: call.id, name: call.name, input: call.input, complete: true };
  const jobs = core.registry.jobs;
  if (!isTaskJobDispatcher(jobs)) {
    const content = `Tool "${call.name}" ran as job ${call.jobId}, which this agent cannot read: its registry has no jobs`;
    return { call: dialectCall, content, isError: true };
  }
  // Bounded by the tool's own limit, as a call waiting for its job is.
  const timeoutMs = core.registry.get(call.name)?.options.timeoutMs;
  const waiting = jobs.wait(call.jobId, call.name, { signal, ...(timeoutMs ? { timeoutMs } : {}) });
  const outcome = await raceAbort(waiting, signal);
  return { call: dialectCall, content: outcome.content, isError: outcome.isError };
}

/** The answer to one call of the paused turn. */
async function answerCall(
  call: PausedCall,
  refusals: Map<string, string | undefined>,
  run: (call: PausedCall) => Promise<CallAnswer>,
  job: (call: Extract<PausedCall, { status: 'job' }>) => Promise<CallAnswer>,
): Promise<CallAnswer> {
  const dialectCall = { id: call.id, name: call.name, input: call.input, complete: true };
  if (call.status === 'answered') {
    return { call: dialectCall, content: call.content, isError: call.isError };
  }
  if (call.status === 'job') return job(call);
  const refusal = refusals.get(call.id);
  if (refusal === undefined) return run(call);
  const reason = sanitizeForModel(refusal, 500);
  const content = `Tool "${call.name}" was not run: the call was denied (${reason}).`;
  return { call: dialectCall, content, isError: true };
}

/** Decides, runs and answers the paused turn; returns where the loop goes on from. */
export async function resumeRun(
  core: AgentCore,
  from: PausedRunState | string,
  decisions: ResumeDecisions,
  scope: { signal: AbortSignal; state: unknown },
): Promise<ResumePoint> {
  const state = await takeState(core, from);
  // As run() does: a container the user names (params.container) is the one used, unchecked.
  core.programmatic.checkAnswerable(state.message, core.settings.params.container);
  const refusals = await collectDecisions(pendingCalls(state), decisions);
  const hold = await holdRun(core, state.runId, typeof from === 'string');
  try {
    const limiter = createLimiter(core.settings.concurrency);
    const run = async (call: PausedCall): Promise<CallAnswer> => {
      // The one pipeline, its approval already decided above (the resume's decisions).
      const caller = core.runner.caller;
      const options = { signal: scope.signal, state: scope.state, ...(caller ? { caller } : {}) };
      const answer = await raceAbort(
        runCallPipeline(core.registry, call, options, {
          approval: async () => undefined,
          dispatch: (input, callOptions) =>
            limiter(() =>
              core.registry.call(call.name, input, {
                ...callOptions,
                idempotencyKey: `${state.runId}:${call.id}`,
              }),
            ),
        }),
        scope.signal,
      );
      const outcome = answer.stage === 'held' ? { content: '', isError: true } : answer.outcome;
      const dialectCall = { id: call.id, name: call.name, input: call.input, complete: true };
      return { call: dialectCall, content: outcome.content, isError: outcome.isError };
    };
    const job = (call: Extract<PausedCall, { status: 'job' }>) =>
      jobAnswer(core, call, scope.signal);
    const answers = await Promise.all(
      state.calls.map((call) => answerCall(call, refusals, run, job)),
    );
    // The resumed turn's outcome is stored before the run goes on: a resume after a crash
    // from here on runs none of these calls again.
    if (hold.leased) await saveAnswered(core, state, answers);
    const { runId, iterations, usage, message } = state;
    return {
      messages: [...state.messages, core.dialect.resultsMessage(answers)],
      from: {
        runId,
        iterations,
        usage,
        last: message,
        ...(state.trace ? { trace: state.trace } : {}),
      },
      settle: hold.settle,
    };
  } catch (error) {
    await hold.settle('failed').catch(() => undefined);
    throw error;
  }
}

/** The paused state with every call of its turn answered, saved under its run id. */
async function saveAnswered(
  core: AgentCore,
  state: PausedRunState,
  answers: readonly CallAnswer[],
): Promise<void> {
  const { store, ttlSeconds } = core.settings.approvals;
  const answered = { ...state, calls: answers.map(pausedCall) };
  await store.save(state.runId, answered, ttlSeconds);
}
