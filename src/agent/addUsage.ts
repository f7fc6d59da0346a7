/** Sums the usage of every request of a run into one `AgentUsage`. */
import type { Usage } from '@anthropic-ai/sdk/resources/messages';
import type { AgentUsage } from './types';

/** Zero tokens. */
export function emptyUsage(): AgentUsage {
  return {
    input_tokens: 0,
    output_tokens: 0,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
}

/** Adds one response's usage to the total (missing or null counts add nothing). */
export function addUsage(total: AgentUsage, usage: Partial<Usage> | undefined): void {
  if (!usage) return;
  total.input_tokens += usage.input_tokens ?? 0;
  total.output_tokens += usage.output_tokens ?? 0;
  total.cache_creation_input_tokens += usage.cache_creation_input_tokens ?? 0;
  total.cache_read_input_tokens += usage.cache_read_input_tokens ?? 0;
}
