/**
 * Normalizes the `<invoke>`s of a legacy-format reply into `ToolCall`s, their string values
 * coerced by each tool's schema, and the ones that cannot run (unreadable invoke, unknown
 * tool) into `InvalidToolCall`s. The XML format has no call ids, so ids are generated.
 */
import { randomBytes } from 'node:crypto';
import { sanitizeForModel } from '../../errors/sanitizeForModel';
import { coerceParameters } from './coerceParameters';
import { parseFunctionCalls } from './parseFunctionCalls';
import type { XmlInvoke } from './parseFunctionCalls';
import type { CallParseOptions, ParsedCalls } from '../../calls/ParsedCalls';
import type { InvalidToolCall, ToolCall } from '../../calls/types';
import { unknownToolError } from '../../calls/unknownToolError';

/** Options of `parseXmlCalls`. */
export interface XmlCallParseOptions extends CallParseOptions {
  /** Prefix of the generated ids (`<prefix><index>`); default `xml_<random>_`. */
  idPrefix?: string;
}

/** Calls and the reply's text around them. */
export interface ParsedXmlCalls extends ParsedCalls {
  /** The text before the first `<function_calls>` (prose, `<scratchpad>`), or all of it. */
  text: string;
  /** True when the reply had a `<function_calls>` block, even one that held nothing runnable. */
  hasCalls: boolean;
}

/**
 * The calls of one legacy-format reply. Never throws.
 * @example
 * const { calls, invalidCalls } = parseXmlCalls(replyText, { tools: registry.descriptors() });
 */
export function parseXmlCalls(text: string, options: XmlCallParseOptions = {}): ParsedXmlCalls {
  const prefix = options.idPrefix ?? `xml_${randomBytes(4).toString('hex')}_`;
  const parsed = parseFunctionCalls(text);
  const result: ParsedXmlCalls = {
    text: parsed.text,
    hasCalls: parsed.hasCalls,
    calls: [],
    invalidCalls: [],
  };
  parsed.invokes.forEach((invoke, index) => {
    const call = normalizeInvoke(invoke, `${prefix}${index}`, options.tools);
    if ('error' in call) result.invalidCalls.push(call);
    else result.calls.push(call);
  });
  return result;
}

/**
 * One invoke as a normalized call: its values coerced by the tool's schema, or an invalid call
 * when it cannot be read or names an unknown tool (`tools` given). Never throws.
 */
export function normalizeInvoke(
  invoke: XmlInvoke,
  id: string,
  tools?: CallParseOptions['tools'],
): ToolCall | InvalidToolCall {
  const { name } = invoke;
  if (invoke.error)
    return { id, name, input: invoke.source, error: sanitizeForModel(invoke.error) };
  const tool = tools?.find((candidate) => candidate.name === name);
  const input = invoke.json ?? coerceParameters(invoke.parameters, tool?.inputSchema);
  if (tools && !tool) return { id, name, input, error: unknownToolError(name, tools) };
  return { id, name, input };
}
