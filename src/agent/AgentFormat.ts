/**
 * The agent's wire format. Its own file, below `agent/types` and `agent/pause/types`, so both
 * can name it without importing each other.
 */

/** The wire format of the loop: native `tools`, or the legacy XML prompt format. */
export type AgentFormat = 'native' | 'xml';
