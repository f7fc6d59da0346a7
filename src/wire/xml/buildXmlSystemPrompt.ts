/**
 * Builds the whole system prompt of the legacy XML tool-use format: the documented preamble
 * and call syntax, then the `<tools>` section, then the application's own system prompt.
 */
import type { ToolDescriptor } from '../../manifest/types';
import { renderToolsXml } from './renderToolsXml';

/** The documented preamble and call syntax, word for word. */
export const XML_TOOLS_PREAMBLE = [
  "In this environment you have access to a set of tools you can use to answer the user's question.",
  '',
  'You may call them like this:',
  '<function_calls>',
  '<invoke>',
  '<tool_name>$TOOL_NAME</tool_name>',
  '<parameters>',
  '<$PARAMETER_NAME>$PARAMETER_VALUE</$PARAMETER_NAME>',
  '...',
  '</parameters>',
  '</invoke>',
  '</function_calls>',
  '',
  'Here are the tools available:',
].join('\n');

/** The stop sequence the client passes so the reply ends where the calls are complete. */
export const XML_STOP_SEQUENCE = '</function_calls>';

/**
 * The system prompt for a model without native tool use: preamble, tools, then `system`.
 * @example
 * const system = buildXmlSystemPrompt(registry.descriptors(), 'You are a stock analyst.');
 */
export function buildXmlSystemPrompt(
  descriptors: readonly ToolDescriptor[],
  system?: string,
): string {
  const prompt = `${XML_TOOLS_PREAMBLE}\n${renderToolsXml(descriptors)}`;
  const own = system?.trim();
  return own ? `${prompt}\n\n${own}` : prompt;
}
