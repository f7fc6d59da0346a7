/**
 * The OpenAI Chat Completions shapes toolwright speaks: function tool definitions, the
 * assistant's `tool_calls`, and the `tool` messages answering them. Declared here (not
 * imported from an OpenAI SDK) so that toolwright needs no OpenAI dependency.
 */
import type { JsonSchema } from '../../schema/JsonSchema';

/** One function tool as `tools: [...]` of a Chat Completions request takes it. */
export interface OpenAIFunctionTool {
  type: 'function';
  function: {
    name: string;
    description: string;
    parameters: JsonSchema;
    strict?: boolean;
  };
}

/** One call in an assistant message's `tool_calls`; `arguments` is JSON text. */
export interface OpenAIToolCall {
  id: string;
  type?: 'function' | (string & {});
  function: { name: string; arguments: string };
}

/** The part of an assistant message that carries calls. */
export interface OpenAIAssistantMessage {
  role?: 'assistant';
  content?: string | null;
  tool_calls?: readonly OpenAIToolCall[] | null;
}

/** The message answering one tool call. */
export interface OpenAIToolMessage {
  role: 'tool';
  tool_call_id: string;
  content: string;
}
