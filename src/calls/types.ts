/**
 * Normalized tool calls, one shape whatever the wire format (Anthropic `tool_use`, OpenAI
 * `tool_calls`, legacy XML `<invoke>`), kept apart as LangChain keeps `tool_calls` and
 * `invalid_tool_calls`.
 */

/** A call whose tool exists and whose input passed validation. */
export interface ToolCall {
  /** The call's id (`tool_use` id, OpenAI `tool_call_id`, or a generated one for XML). */
  id: string;
  /** The tool's name. */
  name: string;
  /** The validated input object. */
  input: Record<string, unknown>;
}

/** A call that cannot run: unknown tool, unparsable or invalid input. */
export interface InvalidToolCall {
  /** The id of the model's `tool_use` block. */
  id: string;
  /** The tool name the model asked for (possibly unknown). */
  name: string;
  /** What the model sent, as far as it could be read (a raw string when it was not JSON). */
  input: unknown;
  /** The text the model is answered with, naming the tool and each problem. */
  error: string;
}
