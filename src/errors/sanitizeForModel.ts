/**
 * The one sanitiser for error text the model sees: one line per problem, no stack traces,
 * no control characters, bounded length. Every format sends error text through here.
 */
import { cutAtCodePoint } from '../text/cutAtCodePoint';

const STACK_LINE = /^\s+at\s.+$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Default bound on an error text, in characters. */
export const DEFAULT_MAX_ERROR_LENGTH = 2000;

/** Cleans error text for the model: stack frames dropped, control characters removed, length bounded. */
export function sanitizeForModel(text: string, maxLength = DEFAULT_MAX_ERROR_LENGTH): string {
  const lines = String(text)
    .replace(CONTROL, '')
    .split(/\r?\n/)
    .filter((line) => !STACK_LINE.test(line))
    .map((line) => line.trimEnd())
    .filter((line) => line.length > 0);
  const joined = lines.join('\n');
  if (joined.length <= maxLength) return joined;
  const suffix = (omitted: number): string => `… (${omitted} more characters)`;
  const keep = Math.max(0, maxLength - suffix(joined.length).length);
  const kept = cutAtCodePoint(joined, keep);
  return `${kept}${suffix(joined.length - kept.length)}`;
}
