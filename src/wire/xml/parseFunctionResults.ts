/**
 * Reads a `<function_results>` block back into per-call results: the inverse of
 * `renderFunctionResults`, used to check that no output can forge a result and to read a
 * legacy transcript. Never throws.
 */
import { unescapeXml } from './escapeXml';

/** One `<result>` or `<error>` of a block. */
export interface ParsedFunctionResult {
  /** A `<result>` or an `<error>` entry. */
  kind: 'result' | 'error';
  /** The tool's name. */
  name: string;
  /** The decoded `<stdout>` text, or the error message. */
  text: string;
}

const BLOCK = /<function_results>\n?([\s\S]*?)\n?<\/function_results>/;
const ENTRY = /<(result|error)>\n?([\s\S]*?)\n?<\/\1>/g;
const TOOL_NAME = /^\s*<tool_name>([\s\S]*?)<\/tool_name>\n?/;
const STDOUT = /^<stdout>\n?([\s\S]*?)\n?<\/stdout>$/;

/** Every result of the first `<function_results>` block in `text`, in order. */
export function parseFunctionResults(text: string): ParsedFunctionResult[] {
  const block = BLOCK.exec(String(text));
  if (!block) return [];
  return [...block[1].matchAll(ENTRY)].map(([, kind, body]) => {
    const named = TOOL_NAME.exec(body);
    const rest = named ? body.slice(named[0].length) : body;
    const stdout = kind === 'result' ? STDOUT.exec(rest) : null;
    return {
      kind: kind as 'result' | 'error',
      name: unescapeXml(named?.[1] ?? ''),
      text: unescapeXml(stdout ? stdout[1] : rest),
    };
  });
}
