/**
 * The one rule for the model's query before any store reads it: control characters (NUL
 * included) and unpaired surrogates become spaces, and the text is cut at 10,000 UTF-16 units
 * at a code-point boundary. Every store and every match mode calls it, so a character that one
 * engine refuses (PostgreSQL refuses NUL) never reaches any of them.
 */
import { cutAtCodePoint } from '../text/cutAtCodePoint';

/** The longest query searched (the tools' `query` bound, in UTF-16 units). */
export const MAX_QUERY_LENGTH = 10_000;

const UNSAFE = /[\p{Cc}]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;

/**
 * The query as the stores search it.
 * @example
 * cleanQuery('refunds\u0000take'); // 'refunds take'
 */
export function cleanQuery(query: string): string {
  return cutAtCodePoint(String(query ?? ''), MAX_QUERY_LENGTH).replace(UNSAFE, ' ');
}
