/**
 * The OpenAI Chat Completions shapes toolwright speaks: function tool definitions, the
 * assistant's `tool_calls`, and the `tool` messages answering them. Declared here (not
 * imported from an OpenAI SDK) so that toolwright needs no OpenAI dependency.
 */
import type { JsonSchema } from '../../schema/JsonSchema';

/** One function tool as `tools: [...]` of a Chat Completions request takes it. */
export interface OpenAIFunctionTool {
  /** A function tool. */
  type: 'function';
  /** The function: name, description and parameters schema. */
  function: {
    name: string;
    description: string;
    parameters: JsonSchema;
    strict?: boolean;
  };
}

/** One call in an assistant message's `tool_calls`; `arguments` is JSON text. */
export interface OpenAIToolCall {
  /** The call's id, which the tool message answers. */
  id: string;
  /** The call's kind; only `function` calls are run. */
  type?: 'function' | (string & {});
  /** The function's name and its arguments as JSON text. */
  function: { name: string; arguments: string };
}

/** The part of an assistant message that carries calls. */
export interface OpenAIAssistantMessage {
  /** The assistant's role. */
  role?: 'assistant';
  /** The message's text, if any. */
  content?: string | null;
  /** The calls the model asks for. */
  tool_calls?: readonly OpenAIToolCall[] | null;
}

/** The message answering one tool call. */
export interface OpenAIToolMessage {
  /** A tool message. */
  role: 'tool';
  /** The id of the call it answers. */
  tool_call_id: string;
  /** The outcome as text. */
  content: string;
}
