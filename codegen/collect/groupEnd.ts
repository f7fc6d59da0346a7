/**
 * Where a bracketed group of TypeScript source ends, found without tokens: a regular expression
 * jumps from one character that matters (a bracket, a quote, a backtick, a `/`) to the next, and
 * strings, template literals, comments and regular expressions are stepped over whole. This is
 * how `bodyScanner` crosses parameter lists, decorator arguments, object types and bodies, which
 * are most of a file, at the speed of the regular-expression engine rather than of a token loop
 * that has not been optimised yet (a codegen run is one cold process).
 *
 * Whether a `/` starts a regular expression is told from what comes before it, as a tokenizer
 * does without a parser: after `)`, `]`, `}`, a name, a number, a string or a non-null `!` it
 * divides; after an operator, a bracket or a keyword such as `return` it starts one. Rare code
 * defeats that rule (`if (ok) /x/.test(s)`); `parseWithoutBodies` checks the result.
 */

import {
  BACKSLASH,
  BANG,
  BACKTICK,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  CLOSE_PAREN,
  DOLLAR,
  DOT,
  DOUBLE_QUOTE,
  isDigit,
  isLineBreak,
  isNamePart,
  isSpace,
  OPEN_BRACE,
  OPEN_BRACKET,
  OPEN_PAREN,
  QUOTE,
  SLASH,
  STAR,
} from './sourceChars';

/** The characters a group's end depends on. */
const MATTERS = /[(){}[\]'"`/]/g;

/**
 * Keywords an operand follows: after one a `/` starts a regular expression, not a division, and
 * a line break ends no expression.
 */
export const BEFORE_OPERAND: ReadonlySet<string> = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

/** The end of the string literal opening at `at` (at its line's end if unterminated). */
export function stringEnd(text: string, at: number): number {
  const quote = text.charCodeAt(at);
  let pos = at + 1;
  for (; pos < text.length; pos++) {
    const ch = text.charCodeAt(pos);
    if (ch === quote) return pos + 1;
    if (ch === BACKSLASH) pos++;
    else if (isLineBreak(ch)) return pos;
  }
  return pos;
}

/** The end of the template literal opening at `at`, its `${…}` parts as code; -1 if none. */
export function templateEnd(text: string, at: number): number {
  for (let pos = at + 1; pos < text.length; pos++) {
    const ch = text.charCodeAt(pos);
    if (ch === BACKTICK) return pos + 1;
    if (ch === BACKSLASH) pos++;
    else if (ch === DOLLAR && text.charCodeAt(pos + 1) === OPEN_BRACE) {
      pos = groupEnd(text, pos + 2, CLOSE_BRACE);
      if (pos < 0) return -1;
    }
  }
  return -1;
}

/** Whether `ch` can end an operand (a name, `)`, `]`): a `!` right after it asserts non-null. */
const isExpressionEnd = (ch: number): boolean =>
  isNamePart(ch) || ch === CLOSE_PAREN || ch === CLOSE_BRACKET;

/** Whether a `/` at `at` starts a regular expression, from what comes before it. */
export function regexMayStart(text: string, at: number): boolean {
  let last = at - 1;
  while (last >= 0 && (isSpace(text.charCodeAt(last)) || isLineBreak(text.charCodeAt(last))))
    last--;
  if (last < 0) return true;
  const ch = text.charCodeAt(last);
  if (
    ch === CLOSE_PAREN ||
    ch === CLOSE_BRACKET ||
    ch === CLOSE_BRACE ||
    ch === QUOTE ||
    ch === DOUBLE_QUOTE ||
    ch === BACKTICK
  )
    return false;
  if (ch === BANG) return !isExpressionEnd(text.charCodeAt(last - 1)); // `x! / 2` divides
  if (!isNamePart(ch)) return true;
  let first = last;
  while (first > 0 && isNamePart(text.charCodeAt(first - 1))) first--;
  if (isDigit(text.charCodeAt(first)) || text.charCodeAt(first - 1) === DOT) return false;
  return BEFORE_OPERAND.has(text.slice(first, last + 1));
}

/** The end of the regular expression at `at`, or -1 when none ends on its line. */
export function regexEnd(text: string, at: number): number {
  let inClass = false;
  for (let pos = at + 1; pos < text.length; pos++) {
    const ch = text.charCodeAt(pos);
    if (isLineBreak(ch)) return -1;
    if (ch === BACKSLASH) pos++;
    else if (ch === OPEN_BRACKET) inClass = true;
    else if (ch === CLOSE_BRACKET) inClass = false;
    else if (ch === SLASH && !inClass) {
      pos++;
      while (pos < text.length && isNamePart(text.charCodeAt(pos))) pos++;
      return pos;
    }
  }
  return -1;
}

/** Where what starts with the `/` at `at` ends: a comment, a regular expression or the `/`; -1 if lost. */
function afterSlash(text: string, at: number): number {
  const next = text.charCodeAt(at + 1);
  if (next === SLASH) {
    let pos = at + 2;
    while (pos < text.length && !isLineBreak(text.charCodeAt(pos))) pos++;
    return pos;
  }
  if (next === STAR) {
    const close = text.indexOf('*/', at + 2);
    return close < 0 ? -1 : close + 2;
  }
  const regex = regexMayStart(text, at) ? regexEnd(text, at) : -1;
  return regex < 0 ? at + 1 : regex;
}

const CLOSERS: Record<number, number> = {
  [OPEN_PAREN]: CLOSE_PAREN,
  [OPEN_BRACKET]: CLOSE_BRACKET,
  [OPEN_BRACE]: CLOSE_BRACE,
};

/** The character that closes the group `ch` opens (`(`, `[` or `{`), else undefined. */
export const closerOf = (ch: number): number | undefined => CLOSERS[ch];

/**
 * The offset of the `close` (`)`, `]` or `}`) that ends the group whose inside starts at
 * `from`, or -1 when the text does not close it (a bracket closed by another, the end of the file).
 * @example
 * groupEnd('f(a, (b), "c)") + 1', 2, 0x29); // 14
 */
export function groupEnd(text: string, from: number, close: number): number {
  const closers = [close];
  let pos = from;
  for (;;) {
    MATTERS.lastIndex = pos;
    if (!MATTERS.test(text)) return -1;
    const at = MATTERS.lastIndex - 1;
    const ch = text.charCodeAt(at);
    if (ch === QUOTE || ch === DOUBLE_QUOTE) pos = stringEnd(text, at);
    else if (ch === BACKTICK) pos = templateEnd(text, at);
    else if (ch === SLASH) pos = afterSlash(text, at);
    else if (closerOf(ch)) {
      closers.push(closerOf(ch)!);
      pos = at + 1;
    } else if (closers.pop() !== ch) return -1;
    else if (!closers.length) return at;
    else pos = at + 1;
    if (pos < 0) return -1;
  }
}
