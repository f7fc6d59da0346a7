/**
 * Words for the patterns toolwright itself emits (class-validator's length count, `@IsUrl`,
 * `@IsUUID`, date-times, `@Matches`' astral guard), so a model that misses one reads what is wanted, in class-validator's
 * wording, instead of a regular expression of a few hundred characters.
 */
import { lengthPattern } from './constraintTable';
import { DATE_TIME_PATTERN, URL_PATTERN, uuidPattern } from './formatPatterns';
import { NO_ASTRAL_PATTERN } from './matchesPattern';

const UUID_VERSIONS = [undefined, '1', '2', '3', '4', '5', '6', '7', '8', 'nil', 'max', 'loose'];

const FIXED = new Map<string, string>([
  [NO_ASTRAL_PATTERN, 'must not contain emoji or other characters beyond U+FFFF'],
  [
    DATE_TIME_PATTERN,
    'must be a valid ISO 8601 date-time string such as 2024-01-31T09:30:00Z ' +
      '(an upper-case T, seconds below 60, an offset of Z or ±hh:mm)',
  ],
  [URL_PATTERN, 'must be a URL address (http, https or ftp, a host name with a top-level domain)'],
  ...UUID_VERSIONS.map((v): [string, string] => [
    uuidPattern(v),
    v ? `must be a UUID (${v})` : 'must be a UUID',
  ]),
]);

/** `lengthPattern(min, max)`'s text, read back. */
const LENGTH = (() => {
  const sample = lengthPattern(7, 9);
  const [head, tail] = sample.split('{7,9}');
  const escape = (text: string) => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  return new RegExp(`^${escape(head)}\\{(\\d+),(\\d*)\\}${escape(tail)}$`);
})();

function lengthWords(pattern: string): string | undefined {
  const match = LENGTH.exec(pattern);
  if (!match) return undefined;
  const [min, max] = [Number(match[1]), match[2]];
  if (max === '') return `must be longer than or equal to ${min} characters`;
  if (min === 0) return `must be shorter than or equal to ${max} characters`;
  return `must be longer than or equal to ${min} and shorter than or equal to ${max} characters`;
}

/** What a pattern toolwright emitted asks for, in words; `undefined` for any other pattern. */
export function patternWords(pattern: string): string | undefined {
  return FIXED.get(pattern) ?? lengthWords(pattern);
}

/** True for the patterns that narrow a `format` (its own message covers a value outside the format). */
export const narrowsFormat = (pattern: string): boolean =>
  FIXED.has(pattern) && pattern !== NO_ASTRAL_PATTERN;
