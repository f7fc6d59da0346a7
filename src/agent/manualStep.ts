/**
 * Manual mode: `step` makes one model turn and sorts its calls into valid and invalid without
 * running anything; `resolve` runs the calls the caller approves and builds the next user
 * message, answering every call of the turn (results, denials, invalid calls' errors) in order.
 */
import type { Message, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { ParsedCalls } from '../calls/ParsedCalls';
import { validateCalls } from '../calls/validateCalls';
import { ToolwrightError } from '../errors/ToolwrightError';
import type { AgentCore } from './AgentCore';
import { buildRequest } from './buildRequest';
import { notRunText } from './CallRunner';
import type { TurnScope } from './CallRunner';
import type { DialectCall } from './dialects/AgentDialect';
import { createLimiter } from './createLimiter';
import { callsOfTurn } from './executeTurn';
import { requestOptions } from './requestOptions';
import { answerCitations } from './answerCitations';
import { asAbort, toMessages } from './runLoop';
import type { CallDecider, RunInput, StepResult } from './types';

/** Splits a turn's calls into readable ones (still to be validated) and ones that cannot run. */
function sortCalls(all: readonly DialectCall[], stopReason: Message['stop_reason']): ParsedCalls {
  const parsed: ParsedCalls = { calls: [], invalidCalls: [] };
  for (const { id, name, input, complete, error } of all) {
    if (!complete)
      parsed.invalidCalls.push({ id, name, input, error: notRunText(name, stopReason) });
    else if (error) parsed.invalidCalls.push({ id, name, input, error });
    else parsed.calls.push({ id, name, input: input as Record<string, unknown> });
  }
  return parsed;
}

/** One model turn; runs nothing. */
export async function takeStep(
  core: AgentCore,
  input: RunInput,
  signal: AbortSignal,
): Promise<StepResult> {
  try {
    const request = buildRequest(core, toMessages(input));
    const message = await core.client.messages.create(request, requestOptions(core, signal));
    core.programmatic.record(message);
    const all = callsOfTurn(core.dialect, message);
    const { calls, invalidCalls } = await validateCalls(
      core.registry,
      sortCalls(all, message.stop_reason),
    );
    const paused = message.stop_reason === 'pause_turn';
    const done = all.length === 0 && !paused;
    return { message, citations: answerCitations(message), calls, invalidCalls, done, paused };
  } catch (error) {
    throw asAbort(error, signal);
  }
}

/** Runs the approved calls of a step and returns the next user message. */
export async function resolveStep(
  core: AgentCore,
  step: StepResult,
  decide: CallDecider | undefined,
  scope: Omit<TurnScope, 'decide'>,
): Promise<MessageParam> {
  const calls = callsOfTurn(core.dialect, step.message);
  if (calls.length === 0) {
    throw new ToolwrightError(
      step.message.stop_reason === 'pause_turn'
        ? 'ToolAgent.resolve: the step paused its turn (step.paused) and made no tool calls; continue with step() on the history as it is, ending with the paused assistant message'
        : 'ToolAgent.resolve: the step made no tool calls, so there is nothing to answer; check step.done first',
    );
  }
  // As run() does: a container the user names (params.container) is the one used, unchecked.
  core.programmatic.checkAnswerable(step.message, core.settings.params.container);
  const valid = new Map(step.calls.map((call) => [call.id, call]));
  const invalid = new Map(step.invalidCalls.map((call) => [call.id, call]));
  const limiter = createLimiter(core.settings.concurrency);
  const turnScope: TurnScope = { ...scope, decide };
  try {
    const answers = await Promise.all(
      calls.map((call) => {
        const chosen = valid.get(call.id);
        if (chosen) {
          return core.runner.answer(
            { ...call, input: chosen.input, complete: true },
            limiter,
            turnScope,
          );
        }
        const error =
          invalid.get(call.id)?.error ??
          `Tool "${call.name}" was not run: the call was not resolved.`;
        return core.runner.reject(call, error, turnScope);
      }),
    );
    return core.dialect.resultsMessage(answers);
  } catch (error) {
    throw asAbort(error, scope.signal);
  }
}
