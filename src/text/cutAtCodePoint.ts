/**
 * The one rule for cutting text the model reads: never inside a character. A cut that would
 * split a surrogate pair (an emoji, any character outside the Basic Multilingual Plane) steps
 * back before it, because the Messages API refuses a body holding half a pair. Apart so search,
 * SQL, the error sanitiser and the result renderers all cut the same way.
 */

/** Whether the UTF-16 unit at `index` is the low half of a surrogate pair whose high half precedes it. */
function splitsPair(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return false;
  const high = text.charCodeAt(index - 1);
  const low = text.charCodeAt(index);
  return high >= 0xd800 && high <= 0xdbff && low >= 0xdc00 && low <= 0xdfff;
}

/**
 * The largest index at or below `index` (in UTF-16 units) that does not fall inside a surrogate
 * pair: where a cut may be made.
 * @example
 * codePointBoundary('a😀b', 2); // 1: index 2 is the middle of the emoji
 */
export function codePointBoundary(text: string, index: number): number {
  const at = Math.max(0, Math.min(Math.floor(index), text.length));
  return splitsPair(text, at) ? at - 1 : at;
}

/**
 * The first `max` UTF-16 units of `text` at most, cut at a code-point boundary (so possibly one
 * unit shorter), with `ellipsis` appended when anything was cut (counted within `max`).
 * @example
 * cutAtCodePoint('ab😀', 3); // 'ab'
 * cutAtCodePoint('hello world', 8, '…'); // 'hello w…'
 */
export function cutAtCodePoint(text: string, max: number, ellipsis = ''): string {
  if (text.length <= max) return text;
  const room = Math.max(0, max - ellipsis.length);
  return `${text.slice(0, codePointBoundary(text, room))}${ellipsis}`;
}

/**
 * `text.slice(start, end)` with both ends moved to code-point boundaries (the start forward past
 * a low surrogate, the end back before one), so the slice never holds half a pair.
 */
export function sliceAtCodePoints(text: string, start: number, end = text.length): string {
  let from = Math.max(0, Math.min(Math.floor(start), text.length));
  if (splitsPair(text, from)) from += 1;
  const to = codePointBoundary(text, end);
  return to <= from ? '' : text.slice(from, to);
}

/** Whether `text` holds a lone surrogate (half a pair), which a JSON body to the API must not. */
export function hasLoneSurrogate(text: string): boolean {
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);
}
