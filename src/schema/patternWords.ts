/**
 * Words for the patterns toolwright itself emits (`@IsUrl`, `@IsUUID`, date-times, `@Matches`'
 * astral guard), so a model that misses one reads what is wanted, in class-validator's
 * wording, instead of a regular expression of a few hundred characters.
 */
import {
  DATE_TIME_PATTERN,
  ISO8601_PATTERN,
  ISO8601_STRICT_SEPARATOR_PATTERN,
  URL_SHAPE_PATTERN,
  uuidPattern,
} from './formatPatterns';
import { NO_ASTRAL_PATTERN } from './matchesPattern';
import { URL_PATTERN } from './urlPattern';

const UUID_VERSIONS = [undefined, '1', '2', '3', '4', '5', '6', '7', '8', 'nil', 'max', 'loose'];

const FIXED = new Map<string, string>([
  [NO_ASTRAL_PATTERN, 'must not contain emoji or other characters beyond U+FFFF'],
  [
    DATE_TIME_PATTERN,
    'must be a valid ISO 8601 date-time string such as 2024-01-31T09:30:00Z ' +
      '(an upper-case T, seconds below 60, an offset of Z or ±hh:mm)',
  ],
  [
    ISO8601_PATTERN,
    'must be a valid ISO 8601 date string such as 2024-01-31, 2024-01-31T09:30Z or 2024-W05-3',
  ],
  [
    ISO8601_STRICT_SEPARATOR_PATTERN,
    'must be a valid ISO 8601 date string such as 2024-01-31 or 2024-01-31T09:30Z (a T before the time)',
  ],
  [URL_SHAPE_PATTERN, 'must be a URL address (no spaces, < or >)'],
  [
    URL_PATTERN,
    'must be a URL address such as https://example.com/path (http, https or ftp, or none; ' +
      'a host name with a top-level domain or an IP address)',
  ],
  ...UUID_VERSIONS.map((v): [string, string] => [
    uuidPattern(v),
    v ? `must be a UUID (${v})` : 'must be a UUID',
  ]),
]);

/** What a pattern toolwright emitted asks for, in words; `undefined` for any other pattern. */
export function patternWords(pattern: string): string | undefined {
  return FIXED.get(pattern);
}

/** True for the patterns that narrow a `format` (its own message covers a value outside the format). */
export const narrowsFormat = (pattern: string): boolean =>
  FIXED.has(pattern) && pattern !== NO_ASTRAL_PATTERN;
