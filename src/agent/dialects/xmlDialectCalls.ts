/**
 * How the XML dialect turns a reply's invokes into the loop's calls, shared by the dialect
 * (whole messages) and its stream reader (messages as they arrive), so both give every call
 * the same id and input.
 */
import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { normalizeInvoke } from '../../wire/xml/parseXmlCalls';
import type { XmlInvoke } from '../../wire/xml/parseFunctionCalls';
import type { ToolDescriptor } from '../../manifest/types';
import type { DialectCall } from './AgentDialect';

/** The text of a message's text blocks, joined. */
export function messageText(message: Pick<Message, 'content'>): string {
  let text = '';
  for (const block of message.content) if (block.type === 'text') text += block.text;
  return text;
}

/** The id of the `index`-th call of a message: stable, and unique across the history. */
export function xmlCallId(messageId: string, index: number): string {
  return `${messageId || 'msg'}_call_${index}`;
}

/**
 * One invoke as the loop's call: normalized (values coerced by schema), complete unless the
 * reply was cut off before its `</invoke>`.
 */
export function dialectCallOf(
  invoke: XmlInvoke,
  id: string,
  tools: readonly ToolDescriptor[],
  complete: boolean,
): DialectCall {
  const call = normalizeInvoke(invoke, id, tools);
  const dialectCall: DialectCall = { id, name: call.name, input: call.input, complete };
  if ('error' in call) dialectCall.error = call.error;
  return dialectCall;
}
