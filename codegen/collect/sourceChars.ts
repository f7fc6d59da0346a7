/**
 * The characters of TypeScript source that `groupEnd`, `SourceTokens` and `bodyScanner` tell
 * apart, and the classes of characters they share (line breaks, spaces and name characters as
 * TypeScript's own scanner counts them), in one place.
 */

export const OPEN_PAREN = 0x28;
export const CLOSE_PAREN = 0x29;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const LESS = 0x3c;
export const GREATER = 0x3e;
export const SEMICOLON = 0x3b;
export const COLON = 0x3a;
export const EQUALS = 0x3d;
export const AT = 0x40;
export const DOT = 0x2e;
export const SLASH = 0x2f;
export const BACKSLASH = 0x5c;
export const BACKTICK = 0x60;
export const QUOTE = 0x27;
export const DOUBLE_QUOTE = 0x22;
export const DOLLAR = 0x24;
export const STAR = 0x2a;
export const HASH = 0x23;
export const COMMA = 0x2c;
export const AMPERSAND = 0x26;
export const BAR = 0x7c;
export const QUESTION = 0x3f;
export const BANG = 0x21;

/** A line break, as TypeScript's scanner counts them. */
export const isLineBreak = (ch: number): boolean =>
  ch === 0x0a || ch === 0x0d || ch === 0x2028 || ch === 0x2029;

/** Whitespace other than line breaks, as TypeScript's scanner counts it. */
export function isSpace(ch: number): boolean {
  if (ch === 0x20 || ch === 0x09 || ch === 0x0b || ch === 0x0c) return true;
  if (ch < 0x80) return false;
  return (
    ch === 0xa0 ||
    ch === 0x85 ||
    ch === 0xfeff ||
    ch === 0x1680 ||
    (ch >= 0x2000 && ch <= 0x200a) ||
    ch === 0x202f ||
    ch === 0x205f ||
    ch === 0x3000
  );
}

/** A character of a name: ASCII letters, digits, `_`, `$`, `\` (escapes) and any other non-space. */
export const isNamePart = (ch: number): boolean =>
  (ch >= 0x61 && ch <= 0x7a) ||
  (ch >= 0x41 && ch <= 0x5a) ||
  (ch >= 0x30 && ch <= 0x39) ||
  ch === 0x5f ||
  ch === DOLLAR ||
  ch === BACKSLASH ||
  (ch >= 0x80 && !isSpace(ch) && !isLineBreak(ch));

/** An ASCII digit. */
export const isDigit = (ch: number): boolean => ch >= 0x30 && ch <= 0x39;
