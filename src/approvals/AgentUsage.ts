/**
 * A run's token counts. Its own file, below `agent/types` and `agent/pause/types` (a paused
 * run keeps its usage so far), so both can name it without importing each other.
 */

/** Token counts summed over every request of a run. */
export interface AgentUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}
