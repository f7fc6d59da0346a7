/**
 * The options of every `messages.create` the agent makes: the run's signal and the betas its
 * features need (`anthropic-beta`, which the Bedrock client moves into the body as the platform
 * wants). One place, so each feature only adds its beta to `settings.betas`.
 */
import type { AgentCore } from './AgentCore';
import type { AgentRequestOptions } from './types';

/** The request options of a turn under `signal`. */
export function requestOptions(core: AgentCore, signal: AbortSignal): AgentRequestOptions {
  const { betas } = core.settings;
  if (betas.length === 0) return { signal };
  return { signal, headers: { 'anthropic-beta': [...new Set(betas)].join(',') } };
}
