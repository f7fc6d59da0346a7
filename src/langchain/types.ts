/**
 * What the LangChain adapter needs of a registry, and its options. Kept apart so that the tool
 * class and the call sorter share them without importing each other.
 */
import type { CheckResult, RegisteredToolInfo } from '../registry/types';
import type { CallOptions } from '../calls/ToolCallContext';
import type { ToolOutcome } from '../calls/ToolOutcome';

/** What the LangChain adapter needs of a registry (`ToolRegistry` has it). */
export interface LangChainToolSource {
  /** The tools to offer. */
  list(): RegisteredToolInfo[];
  /** Validates an input without running anything; never throws. */
  check(name: string, input: unknown): Promise<CheckResult>;
  /** Validates and runs one call; never throws. */
  call(name: string, input: unknown, options?: CallOptions): Promise<ToolOutcome>;
}

/** Options of `toLangChainTools`. */
export interface LangChainToolsOptions<State = unknown> {
  /** Application state handed to every call (`ctx.state`), such as the current user. */
  state?: State;
}
