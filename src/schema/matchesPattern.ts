/**
 * The JSON Schema `pattern` for a `@Matches` regular expression. class-validator tests the
 * expression as written (usually without the `u` flag, with its own flags); the schema reads a
 * pattern with `u` and no flags. The pattern written here accepts a subset of what the
 * expression accepts (so the registry, which runs both, accepts exactly what the schema says):
 * `i` becomes ASCII case classes, `y` an anchor, and where the expression may read an astral
 * character otherwise than the `u` pattern (`.`, a negated class or escape, an astral literal)
 * astral characters are refused; a flag it cannot say (`m`, `s`, `i` beyond ASCII) is dropped,
 * which only narrows.
 */
import type { JsonSchema } from './JsonSchema';

/** No astral (surrogate-pair) character anywhere. */
export const NO_ASTRAL_PATTERN = '^[^\\u{10000}-\\u{10FFFF}]*$';

const isAsciiLetter = (c: string): boolean => /^[A-Za-z]$/.test(c);
const swapCase = (c: string): string => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());

/** Whether the expression, read without `u`, may judge an astral character otherwise. */
function astralSensitive(source: string): boolean {
  const unescaped = source.replace(/\\[^SWD]/g, '');
  return /\.|\[\^|\\[SWD]|[\uD800-\uDFFF]/.test(unescaped);
}

/** The other-case letters of a class range `lo-hi` that the range itself lacks. */
function foldedRange(lo: string, hi: string): string {
  let extra = '';
  for (let code = lo.charCodeAt(0); code <= hi.charCodeAt(0); code++) {
    const c = String.fromCharCode(code);
    const other = swapCase(c);
    if (isAsciiLetter(c) && (other < lo || other > hi)) extra += other;
  }
  return extra;
}

/**
 * `source` with every ASCII letter standing for both cases, as `i` reads it; `undefined` when
 * the expression holds what this cannot fold (a non-ASCII character, a backreference, an escape
 * naming characters by code).
 */
export function foldAsciiCase(source: string): string | undefined {
  if (/[^\x20-\x7E]|\\[1-9xuckpP]|\(\?<[A-Za-z]/.test(source)) return undefined;
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      out += c + (source[i + 1] ?? '');
      i++;
    } else if (inClass && source[i + 1] === '-' && /^[^\]\\]$/.test(source[i + 2] ?? '')) {
      const hi = source[i + 2];
      out += `${c}-${hi}${foldedRange(c, hi)}`;
      i += 2;
    } else if (isAsciiLetter(c)) {
      out += inClass ? c + swapCase(c) : `[${c}${swapCase(c)}]`;
    } else {
      if (c === '[') inClass = true;
      if (c === ']') inClass = false;
      out += c;
    }
  }
  return out;
}

/** The keywords of `@Matches(pattern, modifiers?)`. */
export function matchesKeywords(pattern: unknown, modifiers: unknown): JsonSchema {
  const source =
    pattern instanceof RegExp ? pattern.source : typeof pattern === 'string' ? pattern : undefined;
  if (source === undefined) return {};
  const flags =
    pattern instanceof RegExp ? pattern.flags : typeof modifiers === 'string' ? modifiers : '';
  let written = flags.includes('i') ? (foldAsciiCase(source) ?? source) : source;
  if (flags.includes('y')) written = `^(?:${written})`;
  if (/[uv]/.test(flags) || !astralSensitive(source)) return { pattern: written };
  return { pattern: written, allOf: [{ pattern: NO_ASTRAL_PATTERN }] };
}
