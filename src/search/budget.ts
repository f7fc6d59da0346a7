/**
 * Budgets on what a search shows the model: characters per result and in total, a marker where
 * text was cut, and a sentence with a hint when nothing matched. The tools' one renderer: hits
 * in, a `toolContent()` of `search_result` blocks out.
 */
import { searchResultContent } from '../content/searchResultContent';
import { toolContent } from '../content/toolContent';
import type { ToolContentResult } from '../content/toolContent';
import { codePointBoundary, cutAtCodePoint } from '../text/cutAtCodePoint';
import type { SearchHit } from './types';

/** How much of the hits the model reads. */
export interface SearchBudget {
  /** Characters of text per result (default 2,000). */
  maxResultChars?: number;
  /** Characters of text over all results (default 8,000); results past it are dropped. */
  maxTotalChars?: number;
}

/** The marker ending a cut text. */
export const CUT_MARKER = ' […cut]';

/** Defaults of `SearchBudget`. */
export const DEFAULT_BUDGET: Required<SearchBudget> = { maxResultChars: 2000, maxTotalChars: 8000 };

/**
 * The text cut to `max` characters, marker included, at a word boundary when one is near and
 * never inside a character (`codePointBoundary`).
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = Math.max(0, max - CUT_MARKER.length);
  let cut = text.slice(0, codePointBoundary(text, room));
  const space = cut.lastIndexOf(' ');
  if (space > room * 0.8) cut = cut.slice(0, space);
  return cut + CUT_MARKER;
}

/** Characters of the query the no-match sentence echoes at most (ellipsis included). */
const ECHO_CHARS = 101;

/** What the model reads when nothing matched: said in words, with a hint (the query cut at a code point). */
export function noHitsText(query: string): string {
  const shown = cutAtCodePoint(query, ECHO_CHARS, '…');
  return `No results for "${shown}". Try fewer or broader words, a synonym, or check the spelling.`;
}

/**
 * Hits as the tool's result: one `search_result` block each, cut to the budgets.
 * @example
 * return renderHits(query, await source.search(request), { maxResultChars: 1000 });
 */
export function renderHits(
  query: string,
  hits: readonly SearchHit[],
  budget: SearchBudget = {},
): ToolContentResult | string {
  if (hits.length === 0) return noHitsText(query);
  const perResult = budget.maxResultChars ?? DEFAULT_BUDGET.maxResultChars;
  let left = budget.maxTotalChars ?? DEFAULT_BUDGET.maxTotalChars;
  const blocks = [];
  for (const hit of hits) {
    if (left <= CUT_MARKER.length) break;
    const text = cutText(hit.text, Math.min(perResult, left));
    left -= text.length;
    blocks.push(searchResultContent({ source: hit.source, title: hit.title || hit.source, text }));
  }
  const dropped = hits.length - blocks.length;
  const note = dropped > 0 ? [`${dropped} more results were left out (size budget).`] : [];
  return toolContent(...blocks, ...note);
}
