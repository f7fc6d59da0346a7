/**
 * Finds the legacy format's tool calls in model text: every `<function_calls>` block (its
 * closing tag may be missing: the stop sequence swallows it), every `<invoke>` in it, each
 * `<tool_name>` and `<parameters>`. Syntax only: it knows no tool and no schema, and it never
 * throws; an invoke it cannot read carries an `error` instead.
 */
import { unescapeXml } from './escapeXml';
import type { XmlElement } from './parseXmlFragment';
import { parseXmlFragment, textOf } from './parseXmlFragment';
import { isJsonObject } from '../../schema/isJsonObject';
import { sliceAtCodePoints } from '../../text/cutAtCodePoint';

/** One `<invoke>` as written. */
export interface XmlInvoke {
  /** The tool's name, decoded and trimmed; empty when the invoke has none. */
  name: string;
  /** Parameter elements by name, in order of appearance (a name written twice has two). */
  parameters: Map<string, XmlElement[]>;
  /** Set when `<parameters>` held one JSON object instead of elements. */
  json?: Record<string, unknown>;
  /** The invoke's source text. */
  source: string;
  /** True when the invoke ended with `</invoke>` (false: the text ended, or the next invoke began). */
  closed: boolean;
  /** Why the invoke cannot be run as written; absent when it can. */
  error?: string;
}

/** What a model reply holds. */
export interface ParsedFunctionCalls {
  /** The text before the first `<function_calls>` (prose, `<scratchpad>`), or all of it. */
  text: string;
  /** True when the reply has at least one `<function_calls>` block. */
  hasCalls: boolean;
  /** Every invoke of every block, in order. */
  invokes: XmlInvoke[];
}

const BLOCK_OPEN = /<function_calls\s*>/g;
const BLOCK_CLOSE = /<\/function_calls\s*>/;
const INVOKE_OPEN = /<invoke((?:\s[^<>]*?)?)\s*>/g;
const INVOKE_CLOSE = /<\/invoke\s*>/;
const TOOL_NAME = /<tool_name\s*>([\s\S]*?)<\/tool_name\s*>/;
const TOOL_NAME_UNCLOSED = /<tool_name\s*>([^<]*)/;
const NAME_ATTRIBUTE = /\bname\s*=\s*(?:"([^"]*)"|'([^']*)')/;
const PARAMETERS_OPEN = /<parameters\s*(\/?)>/;
const PARAMETERS_CLOSE = /<\/parameters\s*>/;
const MAX_QUOTE = 80;
const NO_INVOKE =
  'The <function_calls> block holds no <invoke>. Write <invoke><tool_name>NAME</tool_name><parameters>...</parameters></invoke> inside it.';

/**
 * Reads every tool call in a model reply.
 * @example
 * const { invokes } = parseFunctionCalls(replyText);
 */
export function parseFunctionCalls(text: string): ParsedFunctionCalls {
  const source = typeof text === 'string' ? text : '';
  const opens = [...source.matchAll(BLOCK_OPEN)];
  if (!opens.length) return { text: source, hasCalls: false, invokes: [] };
  const blocks = opens.map((open, index) => {
    const start = (open.index ?? 0) + open[0].length;
    const limit =
      index + 1 < opens.length ? (opens[index + 1].index ?? source.length) : source.length;
    return source.slice(start, firstMatchAt(BLOCK_CLOSE, source, start, limit));
  });
  const invokes = blocks.flatMap(parseBlock);
  return {
    text: source.slice(0, opens[0].index ?? 0),
    hasCalls: true,
    invokes: invokes.length ? invokes : [failed('', blocks[0], NO_INVOKE)],
  };
}

/** The index of the first match of `pattern` in `source[from, limit)`, or `limit`; never scans past `limit`. */
function firstMatchAt(pattern: RegExp, source: string, from: number, limit: number): number {
  const match = pattern.exec(source.slice(from, limit));
  return match ? from + match.index : limit;
}

function parseBlock(block: string): XmlInvoke[] {
  const opens = [...block.matchAll(INVOKE_OPEN)];
  return opens.map((open, index) => {
    const start = (open.index ?? 0) + open[0].length;
    const limit =
      index + 1 < opens.length ? (opens[index + 1].index ?? block.length) : block.length;
    const end = firstMatchAt(INVOKE_CLOSE, block, start, limit);
    const invoke = parseInvoke(
      block.slice(start, end),
      open[1] ?? '',
      block.slice(open.index ?? 0, end),
    );
    return { ...invoke, closed: end < limit };
  });
}

function parseInvoke(body: string, attributes: string, source: string): XmlInvoke {
  const named = TOOL_NAME.exec(body) ?? TOOL_NAME_UNCLOSED.exec(body);
  const attribute = NAME_ATTRIBUTE.exec(attributes);
  const name = unescapeXml(named?.[1] ?? attribute?.[1] ?? attribute?.[2] ?? '').trim();
  if (!name)
    return failed(
      '',
      source,
      'An <invoke> has no <tool_name>. Write <tool_name>NAME</tool_name> first in it.',
    );
  const parametersText = parametersOf(body, named);
  return readParameters(name, parametersText, source);
}

function parametersOf(body: string, named: RegExpExecArray | null): string {
  const open = PARAMETERS_OPEN.exec(body);
  if (open) {
    if (open[1]) return '';
    const start = open.index + open[0].length;
    const close = PARAMETERS_CLOSE.exec(body.slice(start));
    return body.slice(start, close ? start + close.index : body.length);
  }
  if (!named) return body;
  return body.slice(0, named.index) + body.slice(named.index + named[0].length);
}

function readParameters(name: string, text: string, source: string): XmlInvoke {
  const nodes = parseXmlFragment(text);
  const parameters = new Map<string, XmlElement[]>();
  const stray = textOf(nodes.filter((node) => node.kind === 'text')).trim();
  const elements = nodes.filter((node): node is XmlElement => node.kind === 'element');
  if (!elements.length && stray) {
    const json = parseJsonObject(stray);
    if (json) return { name, parameters, json, source, closed: false };
  }
  if (stray) {
    return failed(
      name,
      source,
      `The <parameters> of "${name}" hold text outside any parameter element: "${quote(stray)}". Write each parameter as <NAME>VALUE</NAME>.`,
    );
  }
  for (const element of elements) {
    const key =
      element.name === 'parameter' && element.attributes.name
        ? element.attributes.name
        : element.name;
    if (!element.closed) {
      return failed(
        name,
        source,
        `Parameter <${key}> of "${name}" is not closed; end it with </${element.name}>.`,
      );
    }
    const list = parameters.get(key);
    if (list) list.push(element);
    else parameters.set(key, [element]);
  }
  return { name, parameters, source, closed: false };
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function failed(name: string, source: string, error: string): XmlInvoke {
  return { name, parameters: new Map(), source, closed: false, error };
}

function quote(text: string): string {
  return text.length > MAX_QUOTE ? `${sliceAtCodePoints(text, 0, MAX_QUOTE)}…` : text;
}
