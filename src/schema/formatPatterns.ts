/**
 * Patterns that make a schema say what class-validator's format checks accept, where their
 * notion differs from the JSON Schema `format` they resemble: `@IsUrl` (what every validator.js
 * `isURL` refuses), `@IsUUID` (per version, no `urn:uuid:`), and
 * what a `Date` parameter and `@IsDate` accept of RFC 3339 `date-time` (no leap second, no
 * lowercase `t`: `new Date` refuses them); each of these accepts a subset of what its validator
 * accepts, so `format` ∧ pattern is exact. `@IsISO8601`/`@IsDateString` take validator.js's own
 * expression, with no `format` (ISO 8601 is far wider than RFC 3339's `date-time`).
 */
import type { JsonSchema } from './JsonSchema';

/**
 * What every `@IsUrl(options)` refuses whatever its options: empty text, whitespace, `<` and `>`
 * (validator.js `isURL` checks these first). Its other rules (an optional protocol, `user:pass@`,
 * IPv4, IPv6 and internationalised hosts, ports, and each option) have no JSON Schema form, so the
 * schema says only this, and class-validator, which runs for such a DTO, has the last word.
 */
export const URL_SHAPE_PATTERN = '^[^\\s<>]+$';

/**
 * RFC 3339 `date-time` as `isISO8601({ strict: true })` and `new Date` both take it: an upper
 * case `T`, seconds below 60, hours below 24, an offset of `hh:mm` (or `Z`), a year from 1000.
 */
export const DATE_TIME_PATTERN =
  '^[1-9]\\d{3}-\\d{2}-\\d{2}T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d{1,9})?' +
  '(?:[zZ]|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$';

/** The schema of a `Date` on the wire: what the run-time transform turns into a valid `Date`. */
export const dateTimeSchema = (): JsonSchema => ({
  type: 'string',
  format: 'date-time',
  pattern: DATE_TIME_PATTERN,
});

/**
 * validator.js `isISO8601`'s expression (validator 13, MIT; the one `@IsISO8601()` and
 * `@IsDateString()` test): calendar dates (`2024-12-31`, `20241231`, `2024-12`, `2024`), week
 * dates (`2024-W01-1`), ordinal dates (`2024-366`), signed years, times with or without seconds,
 * fractions with `.` or `,`, `T` or a space between, and `Z` or an offset. It reads no calendar:
 * `2023-02-31` matches (the `strict` option adds that check, in class-validator). The same text
 * in JSON Schema's Unicode mode: it has no `.`, class or escape that the `u` flag reads otherwise.
 */
/* eslint-disable no-useless-escape -- validator.js's expressions, verbatim */
const ISO8601 =
  /^([\+-]?\d{4}(?!\d{2}\b))((-?)((0[1-9]|1[0-2])(\3([12]\d|0[1-9]|3[01]))?|W([0-4]\d|5[0-3])(-?[1-7])?|(00[1-9]|0[1-9]\d|[12]\d{2}|3([0-5]\d|6[1-6])))([T\s]((([01]\d|2[0-3])((:?)[0-5]\d)?|24:?00)([\.,]\d+(?!:))?)?(\17[0-5]\d([\.,]\d+)?)?([zZ]|([\+-])([01]\d|2[0-3]):?([0-5]\d)?)?)?)?$/;

/** `isISO8601` with `strictSeparator`: the same, with only `T` between date and time. */
const ISO8601_STRICT_SEPARATOR =
  /^([\+-]?\d{4}(?!\d{2}\b))((-?)((0[1-9]|1[0-2])(\3([12]\d|0[1-9]|3[01]))?|W([0-4]\d|5[0-3])(-?[1-7])?|(00[1-9]|0[1-9]\d|[12]\d{2}|3([0-5]\d|6[1-6])))([T]((([01]\d|2[0-3])((:?)[0-5]\d)?|24:?00)([\.,]\d+(?!:))?)?(\17[0-5]\d([\.,]\d+)?)?([zZ]|([\+-])([01]\d|2[0-3]):?([0-5]\d)?)?)?)?$/;

/* eslint-enable no-useless-escape */

/** The `pattern` of `@IsISO8601()`/`@IsDateString()`. */
export const ISO8601_PATTERN = ISO8601.source;

/** The `pattern` of `@IsISO8601({ strictSeparator: true })`. */
export const ISO8601_STRICT_SEPARATOR_PATTERN = ISO8601_STRICT_SEPARATOR.source;

/**
 * `@IsISO8601(options)`/`@IsDateString(options)`: exactly `isISO8601`'s expression. `strict`
 * also checks the calendar (no 2023-02-29), which no pattern here says: the schema is then
 * looser than the decorator, and class-validator, which runs for such a DTO, has the last word.
 */
export function iso8601Schema(options: unknown): JsonSchema {
  const strictSeparator =
    options !== null &&
    typeof options === 'object' &&
    Boolean((options as { strictSeparator?: unknown }).strictSeparator);
  return {
    type: 'string',
    pattern: strictSeparator ? ISO8601_STRICT_SEPARATOR_PATTERN : ISO8601_PATTERN,
  };
}

/**
 * `@IsDecimal(options?)` on a string: validator.js `isDecimal`'s own expression for its options
 * (`decimal_digits`, `force_decimal`), with a `.` separator (the default `en-US` locale), and
 * neither empty nor a lone sign (its blacklist). Another locale, or options it cannot read, give
 * `type: string` alone: class-validator, which runs for such a DTO, judges then.
 */
export function decimalSchema(options: unknown): JsonSchema {
  const given = (options ?? {}) as {
    decimal_digits?: unknown;
    force_decimal?: unknown;
    locale?: unknown;
  };
  const digits = given.decimal_digits === undefined ? '1,' : given.decimal_digits;
  const readable =
    options === undefined ||
    (options !== null &&
      typeof options === 'object' &&
      (given.locale === undefined || given.locale === 'en-US') &&
      typeof digits === 'string' &&
      /^\d+(?:,\d*)?$/.test(digits));
  if (!readable) return { type: 'string' };
  const fraction = `(?:\\.[0-9]{${digits as string}})${given.force_decimal ? '' : '?'}`;
  return { type: 'string', pattern: `^(?![-+]?$)[-+]?[0-9]*${fraction}$` };
}

const HEX = '[0-9a-fA-F]';
const uuidOf = (version: string): string =>
  `${HEX}{8}-${HEX}{4}-${version}${HEX}{3}-[89abAB]${HEX}{3}-${HEX}{12}`;
const NIL = '0{8}-0{4}-0{4}-0{4}-0{12}';
const MAX = '[fF]{8}-[fF]{4}-[fF]{4}-[fF]{4}-[fF]{12}';

/** validator.js `isUUID`'s versions (`all` when none is given). */
const UUID_VERSIONS: Record<string, string> = {
  ...Object.fromEntries(['1', '2', '3', '4', '5', '6', '7', '8'].map((v) => [v, uuidOf(v)])),
  nil: NIL,
  max: MAX,
  loose: `${HEX}{8}-${HEX}{4}-${HEX}{4}-${HEX}{4}-${HEX}{12}`,
  all: `${uuidOf('[1-8]')}|${NIL}|${MAX}`,
};

/** A pattern nothing matches: `isUUID` with a version it does not know accepts nothing. */
const NOTHING = '[^\\s\\S]';

/** The versions `@IsUUID(version?)` names: one, or several (class-validator tries each); none is `all`. */
const versionsOf = (version: unknown): unknown[] =>
  (Array.isArray(version) ? version : [version]).map((v) => v ?? 'all');

/** `@IsUUID(version?)`: the UUIDs of that version (or any of several), as `isUUID` reads them. */
export function uuidPattern(version: unknown): string {
  const parts = versionsOf(version).map((v) =>
    Object.hasOwn(UUID_VERSIONS, String(v)) ? UUID_VERSIONS[String(v)] : NOTHING,
  );
  return `^(?:${parts.join('|')})$`;
}

/**
 * True when `uuidPattern(version)` is what `isUUID` accepts: always, but for a version named like
 * an `Object.prototype` member (`'toString'`), which `isUUID` finds with `in` and then throws on.
 */
export const uuidPatternExact = (version: unknown): boolean =>
  versionsOf(version).every((v) => Object.hasOwn(UUID_VERSIONS, String(v)) || !(String(v) in {}));
