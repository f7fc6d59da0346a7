/**
 * The agent's `strict` option said out loud: at construction, the tools it cannot send strict
 * (and why) and the Messages API limits its strict tools pass, through the agent's `logger`.
 * The same rule and words as the registry's own warning (`schema/strict/strictTools.ts`).
 */
import type { Logger } from '../registry/types';
import {
  anthropicLimitProblems,
  nonStrictMessage,
  nonStrictTools,
} from '../schema/strict/strictTools';
import type { AgentRegistry } from './types';

/** Warns about the registry's tools as an agent with `strict` sends them. */
export function warnStrict(
  registry: AgentRegistry,
  strict: boolean | undefined,
  logger: Logger | undefined,
): void {
  if (strict !== true || !logger) return;
  const tools = registry.descriptors();
  for (const tool of nonStrictTools(tools, 'anthropic', true)) {
    logger.warn(`toolwright: ${nonStrictMessage(tool)}`);
  }
  for (const problem of anthropicLimitProblems(tools, true)) {
    logger.warn(`toolwright: this agent sends ${problem}`);
  }
}
