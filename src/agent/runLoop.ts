/**
 * The automatic loop behind `run` and `stream`: request a turn, answer its calls, append both
 * to the history, and go on while the model waits for results (or paused its turn), until it
 * stops or `maxIterations` requests were made. The history it returns (and the one an
 * `AbortError` carries) always satisfies the pairing rule, so it can be stored and continued.
 */
import type { Message, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { AbortError } from './AbortError';
import type { AgentCore } from './AgentCore';
import { addUsage, emptyUsage } from './addUsage';
import type { TurnScope } from './CallRunner';
import { answerTurn, requestTurn, streamTurn } from './executeTurn';
import { unansweredTurn } from './repairHistory';
import { isSdkAbortError } from './sdkErrors';
import type { AgentEvent, AgentStopReason, RunInput, RunResult } from './types';

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

/** Runs the loop to its end. */
export async function runLoop(
  core: AgentCore,
  input: RunInput,
  options: { signal: AbortSignal; state: unknown; mode: TurnMode; emit?: (e: AgentEvent) => void },
): Promise<RunResult> {
  const { dialect, settings } = core;
  const messages = toMessages(input);
  const usage = emptyUsage();
  const scope: TurnScope = { signal: options.signal, state: options.state, emit: options.emit };
  const execute = options.mode === 'stream' ? streamTurn : requestTurn;
  let iterations = 0;
  let last: Message | undefined;
  const result = (stopReason: AgentStopReason, message: Message): RunResult => {
    const done: RunResult = {
      finalText: dialect.finalText(message),
      message,
      messages,
      usage,
      iterations,
      stopReason,
    };
    const answer = dialect.answer?.(message);
    if (answer !== undefined) done.answer = answer;
    return done;
  };
  try {
    const unanswered = unansweredTurn(messages, dialect);
    if (unanswered)
      messages.push(dialect.resultsMessage(await answerTurn(core, unanswered, scope)));
    for (;;) {
      if (options.signal.aborted) throw new AbortError(options.signal.reason);
      if (last && iterations >= settings.maxIterations) return result('max_iterations', last);
      const turn = await execute(core, messages, scope);
      iterations++;
      last = turn.message;
      addUsage(usage, turn.message.usage);
      messages.push(dialect.historyMessage(turn.message));
      if (turn.answers.length > 0) messages.push(dialect.resultsMessage(turn.answers));
      options.emit?.({
        type: 'turn_end',
        message: turn.message,
        iteration: iterations,
        stopReason: turn.message.stop_reason,
      });
      const goOn = dialect.awaitsResults(turn.message) || turn.message.stop_reason === 'pause_turn';
      if (!goOn) return result(turn.message.stop_reason ?? 'end_turn', turn.message);
    }
  } catch (error) {
    const failure = asAbort(error, options.signal);
    if (failure instanceof AbortError) failure.messages = messages.slice();
    throw failure;
  }
}
