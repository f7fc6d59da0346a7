/**
 * The public types of `ToolAgent`'s `contextBudget`: how a long run keeps within a token budget,
 * by the API's own means (context editing, compaction). Apart from the code that renders them,
 * so that `types.ts` names them without loading it.
 */

/**
 * Context editing: once a request's input passes `triggerTokens`, the API clears the oldest tool
 * results (replaced by a placeholder, their `tool_use` kept, so the pairing rule holds) before the
 * model reads them. The history the agent keeps and returns is never changed.
 */
export interface ClearToolResultsBudget {
  /** Context editing (`clear_tool_uses_20250919`). */
  strategy: 'clear_tool_results';
  /** Input tokens at which the API starts clearing (default 100,000). */
  triggerTokens?: number;
  /** The most recent tool uses kept whole (default 3). */
  keepToolUses?: number;
  /**
   * Clear only when at least this many tokens go: each clearing breaks the prompt cache from the
   * first cleared result on, so a larger bite makes it pay (default: any amount).
   */
  clearAtLeastTokens?: number;
  /** Tools whose results are never cleared. */
  excludeTools?: string[];
  /** Clear the calls' input too: all (`true`) or of these tools (default: results only). */
  clearToolInputs?: boolean | string[];
}

/**
 * Compaction: once a request's input passes `triggerTokens`, the API summarizes the conversation
 * into a `compaction` block that opens its reply, and reads later requests from that block on.
 * The agent keeps the block in the history as returned (in paused state too) and sends it back.
 */
export interface CompactBudget {
  /** Compaction (`compact_20260112`). */
  strategy: 'compact';
  /** Input tokens at which the API summarizes (default 150,000; at least 50,000). */
  triggerTokens?: number;
  /** Instructions that replace the API's own summary prompt. */
  instructions?: string;
}

/** How a long run keeps within its token budget: `ToolAgentOptions.contextBudget`. */
export type ContextBudget = ClearToolResultsBudget | CompactBudget;
