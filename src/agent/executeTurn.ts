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
import type { CallAnswer, DialectCall, DialectStreamSink } from './dialects/AgentDialect';
import { MessageAssembler } from './MessageAssembler';
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

/**
 * A refused turn (`stop_reason: 'refusal'`) runs none of its calls: the documentation says to
 * drop such a turn, not to act on it.
 */
export const isRefusal = (message: Message): boolean => message.stop_reason === 'refusal';

/** A reply and the answers to its calls (one per call, in order; empty when it made none). */
export interface TurnOutcome {
  message: Message;
  answers: CallAnswer[];
}

/** Starts the calls of one turn under one concurrency bound, at most once each. */
class TurnCalls {
  private readonly started = new Map<string, Promise<CallAnswer>>();
  private readonly limiter: Limiter;

  constructor(
    private readonly core: AgentCore,
    private readonly scope: TurnScope,
  ) {
    this.limiter = createLimiter(core.settings.concurrency);
  }

  start(call: DialectCall): void {
    if (this.started.has(call.id)) return;
    const answer = this.core.runner.answer(call, this.limiter, this.scope);
    answer.catch(() => undefined);
    this.started.set(call.id, answer);
  }

  /** Answers every call of the message: started ones, complete ones now, cut ones as not run. */
  answerAll(message: Message): Promise<CallAnswer[]> {
    const calls = this.core.dialect.extractCalls(message);
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
    core.client.messages.create(request, { signal: scope.signal }),
  );
  if (isRefusal(message)) return { message, answers: [] };
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
  const calls = new TurnCalls(core, callScope);
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
        { signal: scope.signal },
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
    if (isRefusal(message)) {
      // A call whose block completed before the refusal arrived may have started: its signal
      // fires; none is answered, since the refused turn leaves the history.
      turn.abort(new Error('The model refused the turn'));
      return { message, answers: [] };
    }
    return { message, answers: await calls.answerAll(message) };
  } catch (error) {
    turn.abort(error);
    throw asClientError(error, scope.signal, core.client);
  } finally {
    scope.signal.removeEventListener('abort', onAbort);
  }
}
