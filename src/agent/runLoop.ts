/**
 * The automatic loop behind `run` and `stream`: request a turn, answer its calls, append both
 * to the history, and go on while the model waits for results (or paused its turn), until it
 * stops or `maxIterations` requests were made. The history it returns (and the one an
 * `AbortError` carries) always satisfies the pairing rule, so it can be stored and continued.
 * With `approvals: 'pause'` a turn whose calls wait for approval pauses the run (`pauseRun`);
 * `resume()` starts the loop again from where it paused (`from`).
 */
import type { Message, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { AbortError } from '../errors/AbortError';
import type { AgentCore } from './AgentCore';
import { addUsage, emptyUsage } from './addUsage';
import type { TurnScope } from './CallRunner';
import { answerTurn, isRefusal, requestTurn, streamTurn } from './executeTurn';
import type { CallAnswer } from './dialects/AgentDialect';
import { pauseRun } from './pauseRun';
import { isTaskJobDispatcher } from '../calls/ToolJobDispatcher';
import type { PendingApproval } from '../approvals/types';
import { unansweredTurn } from './repairHistory';
import { isSdkAbortError } from './sdkErrors';
import { answerCitations } from './answerCitations';
import type { AgentEvent, AgentStopReason, AgentUsage, RunInput, RunResult } from './types';
import type { RunTrace } from '../telemetry/AgentTelemetry';

/** How turns are requested: whole (`run`) or streamed (`stream`). */
export type TurnMode = 'request' | 'stream';

/** A run's starting history: a prompt becomes one user message; a history is copied. */
export function toMessages(input: RunInput): MessageParam[] {
  return typeof input === 'string' ? [{ role: 'user', content: input }] : [...input];
}

/** Turns the SDK's abort error (or any error after the signal fired) into `AbortError`. */
export function asAbort(error: unknown, signal: AbortSignal): unknown {
  if (error instanceof AbortError) return error;
  if (signal.aborted || isSdkAbortError(error)) {
    return new AbortError(signal.reason ?? error);
  }
  return error;
}

/** Where a resumed run goes on from: its id, counts so far and the message it paused on. */
export interface LoopStart {
  runId: string;
  iterations: number;
  usage: AgentUsage;
  last: Message;
  /** W3C headers of the span of the run that paused, for the resumed run's span to link to. */
  trace?: Record<string, string>;
}

const isPending = (answer: CallAnswer): boolean => answer.pending === true;

/** True when the model waits for another turn after `message` (results, or a paused turn). */
const continues = (core: AgentCore, message: Message): boolean =>
  core.dialect.awaitsResults(message) || message.stop_reason === 'pause_turn';

/** Runs the loop to its end, or until calls wait for approval. */
export async function runLoop(
  core: AgentCore,
  input: RunInput,
  options: {
    signal: AbortSignal;
    state: unknown;
    mode: TurnMode;
    emit?: (e: AgentEvent) => void;
    from?: LoopStart;
  },
): Promise<RunResult | PendingApproval> {
  const attributes = {
    model: core.settings.model,
    runId: options.from?.runId,
    resumes: options.from?.trace,
  };
  return core.telemetry.run(attributes, (trace) => loop(core, input, { ...options, trace }));
}

/**
 * Tells the job queue that the paused run waits for its deferred calls' jobs, so an instance
 * listening for them resumes it (`resumeDeferredRuns`). A failure is a warning: the run is saved,
 * and `resume(runId)` still answers the calls from their jobs.
 */
async function noteJobs(core: AgentCore, pending: PendingApproval): Promise<void> {
  const jobs = core.registry.jobs;
  if (!isTaskJobDispatcher(jobs)) return;
  const jobIds = pending.jobs.map((job) => job.jobId);
  await jobs.awaitRun(pending.runId, jobIds).catch((error: unknown) => {
    core.settings.logger?.warn(
      `toolwright: run ${pending.runId} waits for jobs ${jobIds.join(', ')}, but they could not be noted for its automatic resume: ${String(error)}`,
    );
  });
}

/** The loop itself, under its run's trace. */
/**
 * What a run that ended returns: the last message's text (and `<answer>` in the XML format) and
 * citations, with the history, usage and number of turns so far.
 */
function completedRun(
  dialect: AgentCore['dialect'],
  run: Pick<RunResult, 'messages' | 'usage' | 'iterations'>,
  stopReason: AgentStopReason,
  message: Message,
): RunResult {
  const done: RunResult = {
    status: 'completed',
    finalText: dialect.finalText(message),
    citations: answerCitations(message),
    message,
    ...run,
    stopReason,
  };
  const answer = dialect.answer?.(message);
  if (answer !== undefined) done.answer = answer;
  return done;
}

async function loop(
  core: AgentCore,
  input: RunInput,
  options: Parameters<typeof runLoop>[2] & { trace: RunTrace },
): Promise<RunResult | PendingApproval> {
  const { dialect, settings } = core;
  const messages = toMessages(input);
  const usage = options.from ? { ...options.from.usage } : emptyUsage();
  const scope: TurnScope = {
    signal: options.signal,
    state: options.state,
    emit: options.emit,
    trace: options.trace,
  };
  const execute = options.mode === 'stream' ? streamTurn : requestTurn;
  let iterations = options.from?.iterations ?? 0;
  let last: Message | undefined = options.from?.last;
  const pause = async (message: Message, answers: CallAnswer[]): Promise<PendingApproval> => {
    const pending = await pauseRun(core, {
      runId: options.from?.runId,
      messages,
      message,
      answers,
      iterations,
      usage,
      trace: options.trace.carrier(),
    });
    options.trace.conversation(pending.runId);
    if (pending.jobs.length > 0) await noteJobs(core, pending);
    return pending;
  };
  const result = (stopReason: AgentStopReason, message: Message): RunResult =>
    completedRun(dialect, { messages, usage, iterations }, stopReason, message);
  try {
    if (last && !continues(core, last)) return result(last.stop_reason ?? 'end_turn', last);
    const unanswered = unansweredTurn(messages, dialect);
    if (unanswered) {
      core.programmatic.checkAnswerable(unanswered, settings.params.container, messages);
      const answers = await answerTurn(core, unanswered, scope);
      if (answers.some(isPending)) return await pause(unanswered, answers);
      messages.push(dialect.resultsMessage(answers));
    }
    for (;;) {
      if (options.signal.aborted) throw new AbortError(options.signal.reason);
      if (last && iterations >= settings.maxIterations) return result('max_iterations', last);
      const turn = await execute(core, messages, scope);
      iterations++;
      last = turn.message;
      addUsage(usage, turn.message.usage);
      if (isRefusal(turn.message)) {
        // The refused turn is reported, not kept: the history stays sendable as it was.
        options.emit?.({
          type: 'turn_end',
          message: turn.message,
          iteration: iterations,
          stopReason: turn.message.stop_reason,
        });
        return result('refusal', turn.message);
      }
      messages.push(dialect.historyMessage(turn.message));
      const paused = turn.answers.some(isPending);
      if (turn.answers.length > 0 && !paused) messages.push(dialect.resultsMessage(turn.answers));
      options.emit?.({
        type: 'turn_end',
        message: turn.message,
        iteration: iterations,
        stopReason: turn.message.stop_reason,
      });
      if (paused) return await pause(turn.message, turn.answers);
      if (!continues(core, turn.message)) {
        return result(turn.message.stop_reason ?? 'end_turn', turn.message);
      }
    }
  } catch (error) {
    const failure = asAbort(error, options.signal);
    // Whatever failed (an abort, the API, a store), the caller gets the history up to the last
    // whole turn (every call answered), so nothing that ran is lost and the run can go on.
    if (failure !== null && typeof failure === 'object') {
      (failure as { messages?: MessageParam[] }).messages = messages.slice();
    }
    throw failure;
  }
}
