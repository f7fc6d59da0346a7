/**
 * The agent's wire format. Its own file, below `agent/types` and `agent/pause/types`, so both
 * can name it without importing each other.
 */

/**
 * The wire format of the loop: `'anthropic'`, the Messages API's own `tools` (the default), or
 * `'xml'`, the legacy XML prompt format. `'native'` is the old name of `'anthropic'`, kept for
 * one minor version (and read from paused runs stored under it).
 */
export type AgentFormat = 'anthropic' | 'xml' | /** @deprecated use 'anthropic' */ 'native';

/** The format under its current name (`'native'` read as `'anthropic'`). */
export const canonicalFormat = (format: AgentFormat): 'anthropic' | 'xml' =>
  format === 'native' ? 'anthropic' : format;
