/**
 * A run's token counts. Its own file, below `agent/types` and `agent/pause/types` (a paused
 * run keeps its usage so far), so both can name it without importing each other.
 */

/** Token counts summed over every request of a run. */
export interface AgentUsage {
  /** Input tokens billed outside the prompt cache. */
  input_tokens: number;
  /** Tokens the model wrote. */
  output_tokens: number;
  /** Input tokens written to the prompt cache. */
  cache_creation_input_tokens: number;
  /** Input tokens read from the prompt cache. */
  cache_read_input_tokens: number;
}
