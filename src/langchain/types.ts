/**
 * What the LangChain adapter needs of a registry, and its options. Kept apart so that the tool
 * class and the call sorter share them without importing each other.
 */
import type { RegisteredToolInfo } from '../registry/types';
import type { CallApprover } from '../calls/approveModelCall';
import type { ToolCaller } from '../calls/ToolCaller';
import type { ModelCallHost } from '../pipeline/runModelCall';

/** What the LangChain adapter needs of a registry (`ToolRegistry` has it): the call pipeline's needs, and the list. */
export interface LangChainToolSource extends ModelCallHost {
  /** The tools to offer. */
  list(): RegisteredToolInfo[];
}

/** Options of `toLangChainTools`. */
export interface LangChainToolsOptions<State = unknown> {
  /** Application state handed to every call (`ctx.state`), such as the current user. */
  state?: State;
  /**
   * Decides each valid call of a tool marked `requiresApproval`, as `callOpenAI`'s `approve` does;
   * without it such calls are refused (a `ToolMessage` with `status: 'error'`).
   */
  approve?: CallApprover;
  /**
   * The authenticated caller (`ctx.caller`), whose scopes and roles a tool may require. Given, only
   * the tools it may use are offered; without it every tool is, and a scoped tool's call refused.
   */
  caller?: ToolCaller;
}
