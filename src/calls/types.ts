/**
 * Normalized tool calls, one shape whatever the wire format (Anthropic `tool_use`, OpenAI
 * `tool_calls`, legacy XML `<invoke>`), kept apart as LangChain keeps `tool_calls` and
 * `invalid_tool_calls`.
 */

/** A call whose tool exists and whose input passed validation. */
export interface ToolCall {
  /** The call's id (`tool_use` id, OpenAI `tool_call_id`, or a generated one for XML). */
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** A call that cannot run: unknown tool, unparsable or invalid input. */
export interface InvalidToolCall {
  id: string;
  name: string;
  /** What the model sent, as far as it could be read (a raw string when it was not JSON). */
  input: unknown;
  /** The text the model is answered with, naming the tool and each problem. */
  error: string;
}
