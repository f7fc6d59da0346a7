/**
 * The model's query as an FTS5 MATCH expression: never the raw text. The query is cut into the
 * same terms the in-memory store uses (runs of letters and digits), each term quoted as an FTS5
 * string (a `"` doubled), joined with OR and ranked by bm25. So `multi-agent`, `@nasa`, `don't`,
 * an unbalanced `"`, `NEAR(` or `col:x` are only words, and no query is FTS5 syntax.
 */
import { tokenize } from './tokenize';

/** Distinct terms of one query kept at most (a 10,000-character query still searches). */
export const MAX_QUERY_TERMS = 64;

/** A term as an FTS5 string: double-quoted, a `"` inside doubled. */
export function quoteFts5(term: string): string {
  return `"${term.replace(/"/g, '""')}"`;
}

/**
 * The MATCH expression for a query, or undefined when it holds no term (no match, not an error).
 * @example
 * fts5MatchExpression('multi-agent "setup'); // '"multi" OR "agent" OR "setup"'
 */
export function fts5MatchExpression(query: string): string | undefined {
  const terms = [...new Set(tokenize(query))].slice(0, MAX_QUERY_TERMS);
  return terms.length ? terms.map(quoteFts5).join(' OR ') : undefined;
}
