/**
 * Patterns that make a schema say what class-validator's format checks accept, where their
 * notion is narrower than the JSON Schema `format` they map to: `@IsUrl` (validator.js `isURL`:
 * http/https/ftp, a host with a top-level domain), `@IsUUID` (per version, no `urn:uuid:`), and
 * what a `Date` parameter, `@IsDate`, `@IsISO8601` and `@IsDateString` accept of RFC 3339
 * `date-time` (no leap second, no lowercase `t`: `isISO8601` and `new Date` refuse them).
 * Each pattern accepts a subset of what its validator accepts, so `format` ∧ pattern is exact.
 */
import type { JsonSchema } from './JsonSchema';

const LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?';
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const PORT = '(?:[1-9]\\d{0,3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5])';
/** Printable ASCII but `<` and `>` (`isURL` refuses those and whitespace anywhere). */
const URL_CHAR = '[!-;=?-~]';

/**
 * `@IsUrl()` with its default options: http, https or ftp, then a host name with a top-level
 * domain of letters (or an IPv4 address), an optional port 1–65535, then a path, query or
 * fragment; at most 2084 characters, as `isURL` counts.
 */
export const URL_PATTERN =
  `^(?=${URL_CHAR}{1,2084}$)(?:[hH][tT][tT][pP][sS]?|[fF][tT][pP])://` +
  `(?:(?:${LABEL}\\.)+[a-zA-Z]{2,63}|${OCTET}(?:\\.${OCTET}){3})` +
  `(?::${PORT})?(?:[/?#]${URL_CHAR}*)?$`;

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

/** `@IsUUID(version?)`: the UUIDs of that version (or any of several), as `isUUID` reads them. */
export function uuidPattern(version: unknown): string {
  const versions = Array.isArray(version) ? version : [version ?? 'all'];
  const parts = versions.map((v) =>
    Object.hasOwn(UUID_VERSIONS, String(v)) ? UUID_VERSIONS[String(v)] : NOTHING,
  );
  return `^(?:${parts.join('|')})$`;
}
