/**
 * Renders one turn's tool results as the legacy format's `<function_results>` block: per call,
 * in order, a `<result>` with `<tool_name>` and `<stdout>`, or for a failed call an `<error>`
 * naming the tool and the problem. Everything inside is XML-escaped, so a tool's output can
 * never close or forge a tag; error text also goes through `sanitizeForModel`.
 */
import { sanitizeForModel } from '../../errors/sanitizeForModel';
import type { ContentBlock } from '../../content/ContentBlock';
import { escapeXml } from './escapeXml';
import { blocksText } from './renderSearchResults';

/** One call's outcome, as the block reports it. */
export interface XmlCallResult {
  /** The tool's name as the model wrote it. */
  name: string;
  /** The tool's output, or the error text when `isError`. */
  content: string | readonly ContentBlock[];
  /** Whether the call failed (rendered as `<error>`). */
  isError: boolean;
}

/** Options of `renderFunctionResults`. */
export interface RenderResultsOptions {
  /** Bound on each error text, in characters (see `sanitizeForModel`). */
  maxErrorLength?: number;
}

/**
 * The `<function_results>` block answering one model turn.
 * @example
 * renderFunctionResults([{ name: 'get_ticker_symbol', content: 'GM', isError: false }]);
 */
export function renderFunctionResults(
  results: readonly XmlCallResult[],
  options: RenderResultsOptions = {},
): string {
  const parts = results.map((result) =>
    result.isError ? renderError(result, options.maxErrorLength) : renderResult(result),
  );
  return ['<function_results>', ...parts, '</function_results>'].join('\n');
}

function renderResult(result: XmlCallResult): string {
  return [
    '<result>',
    `<tool_name>${escapeXml(result.name)}</tool_name>`,
    '<stdout>',
    stdoutText(result.content),
    '</stdout>',
    '</result>',
  ].join('\n');
}

function renderError(result: XmlCallResult, maxLength?: number): string {
  const message = sanitizeForModel(contentText(result.content), maxLength) || 'The call failed.';
  return [
    '<error>',
    `<tool_name>${escapeXml(result.name)}</tool_name>`,
    escapeXml(message),
    '</error>',
  ].join('\n');
}

/** A result's `<stdout>`: text escaped, search results as an escaped `<search_results>` block. */
function stdoutText(content: string | readonly ContentBlock[]): string {
  if (typeof content === 'string') return escapeXml(content);
  if (!Array.isArray(content)) return escapeXml(String(content ?? ''));
  return blocksText(content, escapeXml);
}

/**
 * A result's text: a string as is, blocks joined (an image becomes a short placeholder, search
 * results a `<search_results>` text whose values are XML-escaped).
 */
export function contentText(content: string | readonly ContentBlock[]): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return String(content ?? '');
  return blocksText(content);
}
