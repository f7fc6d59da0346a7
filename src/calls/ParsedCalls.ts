/**
 * What every call parser returns: the calls that can run and the ones that cannot, kept apart
 * as LangChain keeps `tool_calls` and `invalid_tool_calls`, in the order the model wrote them.
 */
import type { ToolDescriptor } from '../manifest/types';
import type { InvalidToolCall, ToolCall } from './types';

/** Calls read from one model message. */
export interface ParsedCalls {
  /** The calls whose input is valid, in the model's order. */
  calls: ToolCall[];
  /** The calls the model got wrong, each with the error to answer it with. */
  invalidCalls: InvalidToolCall[];
}

/** Options every parser takes. */
export interface CallParseOptions {
  /** The tools the model may call: a call of any other name is invalid. Omit to accept any name. */
  tools?: readonly Pick<ToolDescriptor, 'name' | 'inputSchema' | 'options'>[];
}
