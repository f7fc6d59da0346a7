/**
 * The options of every `messages.create` the agent makes: the run's signal and the betas its
 * features need (`anthropic-beta`, which the Bedrock client moves into the body as the platform
 * wants). One place; the header is joined once, when the agent is made (`settings.betaHeader`).
 */
import type { AgentCore } from './AgentCore';
import type { AgentRequestOptions } from './types';

/** The request options of a turn under `signal`. */
export function requestOptions(core: AgentCore, signal: AbortSignal): AgentRequestOptions {
  const { betaHeader } = core.settings;
  if (betaHeader === undefined) return { signal };
  return { signal, headers: { 'anthropic-beta': betaHeader } };
}
