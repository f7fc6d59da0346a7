/**
 * One model turn: send the request (whole or streamed), then answer every call of the reply.
 * When streaming, each call starts as soon as the dialect knows it is complete, while the rest
 * of the message is still arriving; a stream that breaks runs no call whose block did not
 * complete and aborts those already running.
 */
import { setMaxListeners } from 'node:events';
import type { Message, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { AgentCore } from './AgentCore';
import { buildRequest } from './buildRequest';
import { notRunText } from './CallRunner';
import type { TurnScope } from './CallRunner';
import { createLimiter } from './createLimiter';
import type { Limiter } from './createLimiter';
import type {
  AgentDialect,
  CallAnswer,
  DialectCall,
  DialectStreamSink,
} from './dialects/AgentDialect';
import { ToolwrightError } from '../errors/ToolwrightError';
import { MessageAssembler } from './MessageAssembler';
import { requestOptions } from './requestOptions';
import { connectionError, isSdkError } from './sdkErrors';

/**
 * A stream that breaks mid-way surfaces from the fetch layer as a bare `TypeError`
 * ("terminated"); it is thrown as the client's `APIConnectionError`, its cause kept.
 */
function asClientError(error: unknown, signal: AbortSignal, client: object): unknown {
  if (signal.aborted || isSdkError(error)) return error;
  // Not `instanceof Error`: the fetch layer's errors may come from another realm.
  const failure = error as { name?: unknown; message?: unknown } | null;
  if (!failure || typeof failure !== 'object' || failure.name === 'AbortError') return error;
  const message = `The stream broke: ${String(failure.message)}`;
  return connectionError(client, message, error);
}

/** Whether the model refused the turn (`stop_reason: 'refusal'`). */
export const isRefusal = (message: Message): boolean => message.stop_reason === 'refusal';

/**
 * The calls of a turn the agent may act on, whatever the mode (`run`, `stream`, `step`): none of
 * a refused turn, whatever their blocks (the documentation says to drop such a turn, not to act
 * on it); else every call the dialect reads, cut ones included (they are answered as not run).
 */
export function callsOfTurn(dialect: AgentDialect, message: Message): DialectCall[] {
  return isRefusal(message) ? [] : dialect.extractCalls(message);
}

/** A reply and the answers to its calls (one per call, in order; empty when it made none). */
export interface TurnOutcome {
  message: Message;
  answers: CallAnswer[];
}

/** Starts the calls of one turn under one concurrency bound, at most once each. */
class TurnCalls {
  private readonly started = new Map<string, Promise<CallAnswer>>();
  private readonly limiter: Limiter;

  /** `abandon` stops the calls already started, when the turn turns out refused. */
  constructor(
    private readonly core: AgentCore,
    private readonly scope: TurnScope,
    private readonly abandon: (reason: unknown) => void = () => undefined,
  ) {
    this.limiter = createLimiter(core.settings.concurrency);
  }

  start(call: DialectCall): void {
    if (this.started.has(call.id)) return;
    const answer = this.core.runner.answer(call, this.limiter, this.scope);
    answer.catch(() => undefined);
    this.started.set(call.id, answer);
  }

  /**
   * Answers every call of the message: started ones, complete ones now, cut ones as not run. A
   * refused turn answers none: a call started while it streamed is stopped (its signal fires),
   * and the turn leaves the history.
   */
  answerAll(message: Message): Promise<CallAnswer[]> {
    if (isRefusal(message) && this.started.size > 0) {
      this.abandon(new ToolwrightError('The model refused the turn'));
    }
    const calls = callsOfTurn(this.core.dialect, message);
    return Promise.all(
      calls.map((call) => {
        const started = this.started.get(call.id);
        if (started) return started;
        if (call.complete) {
          this.start(call);
          return this.started.get(call.id) as Promise<CallAnswer>;
        }
        return this.core.runner.reject(
          call,
          notRunText(call.name, message.stop_reason),
          this.scope,
        );
      }),
    );
  }
}

/** Answers every call of a message that is already known (no request). */
export function answerTurn(
  core: AgentCore,
  message: Message,
  scope: TurnScope,
): Promise<CallAnswer[]> {
  return new TurnCalls(core, scope).answerAll(message);
}

/** One turn with `messages.create`. */
export async function requestTurn(
  core: AgentCore,
  messages: readonly MessageParam[],
  scope: TurnScope,
): Promise<TurnOutcome> {
  const request = buildRequest(core, messages);
  const message = await core.telemetry.chat(scope.trace, request, async () =>
    core.client.messages.create(request, requestOptions(core, scope.signal)),
  );
  core.programmatic.record(message);
  const answers = await new TurnCalls(core, scope).answerAll(message);
  return { message, answers };
}

/** One turn with a streamed request; calls start while the message streams. */
export async function streamTurn(
  core: AgentCore,
  messages: readonly MessageParam[],
  scope: TurnScope,
): Promise<TurnOutcome> {
  const turn = new AbortController();
  setMaxListeners(0, turn.signal);
  const onAbort = (): void => turn.abort(scope.signal.reason);
  scope.signal.addEventListener('abort', onAbort, { once: true });
  const callScope: TurnScope = { ...scope, signal: turn.signal };
  const calls = new TurnCalls(core, callScope, (reason) => turn.abort(reason));
  const emit = scope.emit ?? (() => undefined);
  const sink: DialectStreamSink = {
    text: (text) => emit({ type: 'text', text }),
    callStart: (id, name) => emit({ type: 'tool_call_start', id, name }),
    inputDelta: (id, name, partialJson, partialInput) =>
      emit({ type: 'tool_input_delta', id, name, partialJson, partialInput }),
    callComplete: (call) => calls.start(call),
  };
  try {
    const request = buildRequest(core, messages);
    const message = await core.telemetry.chat(scope.trace, request, async () => {
      const assembler = new MessageAssembler();
      const reader = core.dialect.streamReader();
      const stream = await core.client.messages.create(
        { ...request, stream: true },
        requestOptions(core, scope.signal),
      );
      for await (const event of stream) {
        assembler.apply(event);
        reader.read(event, sink, assembler);
      }
      if (!assembler.complete || !assembler.message) {
        throw connectionError(core.client, 'The stream ended before message_stop');
      }
      return assembler.message;
    });
    core.programmatic.record(message);
    return { message, answers: await calls.answerAll(message) };
  } catch (error) {
    turn.abort(error);
    throw asClientError(error, scope.signal, core.client);
  } finally {
    scope.signal.removeEventListener('abort', onAbort);
  }
}
