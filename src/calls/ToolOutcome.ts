/**
 * What every call of a tool answers, whoever made it (the registry, the agent, a wire format
 * or MCP): the text or blocks the model sees, never a thrown error.
 */
import type { ContentBlock } from '../content/ContentBlock';

/** What every call answers: never thrown, always this. */
export interface ToolOutcome {
  /** The text (or blocks) the model sees. */
  content: string | ContentBlock[];
  /** True when the call was not dispatched or the method threw. */
  isError: boolean;
  /** What the method returned, when the call asked for it (`CallOptions.returnValue`) and it returned. */
  value?: unknown;
}
