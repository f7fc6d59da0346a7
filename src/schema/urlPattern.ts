/**
 * `@IsUrl()`'s default options as one JSON Schema pattern: validator.js `isURL` (13.15, the
 * version class-validator 0.15 installs) read branch by branch, so the model is shown what
 * class-validator accepts. Separate from `formatPatterns` because it is a parser turned into a
 * regular expression: how `isURL` finds the protocol, the credentials and the port, and what
 * `isFQDN` and `isIP` take as a host. Also the row's keywords and words for `@IsUrl(options?)`.
 */
import { URL_SHAPE_PATTERN } from './formatPatterns';
import type { JsonSchema } from './JsonSchema';

const HEX = '[0-9a-fA-F]';
const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = `(?:${OCTET}\\.){3}${OCTET}`;
const SEGMENT = `${HEX}{1,4}`;
const groups = (n: number): string =>
  n === 0 ? ':' : n === 1 ? `${SEGMENT}:` : `(?:${SEGMENT}:){${n}}`;
const upTo = (most: number): string => (most === 0 ? '' : `(?::${SEGMENT}){0,${most}}`);

/**
 * `isIP(x, 6)`'s expression, its alternatives regrouped so the IPv4 tail is written once: `n`
 * leading groups then hexadecimal groups (or `::` at the end), or `n` leading groups then an IPv4
 * address, as validator.js's table has them; then a zone (`%eth0`).
 */
const IPV6_HEX = [
  `${groups(7)}(?:${SEGMENT}|:)`,
  `${groups(6)}(?::${SEGMENT}|:)`,
  ...[5, 4, 3, 2, 1, 0].map((n) => `${groups(n)}(?:(?::${SEGMENT}){1,${7 - n}}|:)`),
];
const IPV6_BEFORE_V4 = [groups(6), ...[5, 4, 3, 2, 1, 0].map((n) => `${groups(n)}${upTo(5 - n)}:`)];
const IPV6 = `(?:${IPV6_HEX.join('|')}|(?:${IPV6_BEFORE_V4.join('|')})${IPV4})(?:%[0-9a-zA-Z.]+)?`;

/**
 * `isFQDN` without underscores: labels of letters, digits, `-` and any character from U+00A1 but
 * the full-width forms U+FF01–FF5E, at most 63 long, not starting or ending with `-`; a top-level
 * domain of two letters or more (no digits, no surrogates: no astral characters) or an `xn--` name.
 */
const LABEL_END = '[0-9a-zA-Z\\u00A1-\\uFF00\\uFF5F-\\u{10FFFF}]';
const LABEL_CHAR = '[-0-9a-zA-Z\\u00A1-\\uFF00\\uFF5F-\\u{10FFFF}]';
const LABEL = `${LABEL_END}(?:${LABEL_CHAR}{0,61}${LABEL_END})?`;
const TLD =
  '(?:[a-zA-Z\\u00A1-\\u00A8\\u00AA-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFF00\\uFF5F-\\uFFEF]{2,63}' +
  '|[xX][nN][-0-9a-zA-Z]{1,60}[0-9a-zA-Z])';
const FQDN = `(?:${LABEL}\\.)+${TLD}`;

/** A port from 1 to 65535, leading zeros allowed (`isURL` reads it with `parseInt`). */
const PORT =
  '0*(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])';

/** The host and port: `[IPv6]` with a port, or an IPv4 address or domain name with a port or a bare `:`. */
const HOST_PORT = `(?:\\[${IPV6}\\](?::${PORT})?|(?:${IPV4}|${FQDN})(?::(?:${PORT})?)?)`;

/** `user`, `user:password` or `:password`: no `/`, `@`, `?` or `#`, at most one `:`. */
const AUTH_CHAR = '[^#?/@:]';
const AUTH = `(?:${AUTH_CHAR}+(?::${AUTH_CHAR}*)?|:${AUTH_CHAR}+)`;

/** The protocols `isURL` takes by default, in any case. */
const PROTOCOL = '(?:[hH][tT][tT][pP][sS]?|[fF][tT][pP])';

/** What `isURL` reads as a protocol: a letter, then letters, digits, `+`, `-` or `.`, then `:`. */
const SCHEME_LIKE = '[a-zA-Z][-+.0-9a-zA-Z]*';

/**
 * What may come before the host, one branch per way `isURL` reads a text's start:
 * no protocol (`user:pw@` allowed); `http://`; `word:user@`, whose `word:user` it reads as
 * credentials; `http:` with credentials it cannot read as such (`http:%41@host`); `host:8080`,
 * whose host looks like a protocol; and `http:host` without slashes.
 */
const BEFORE_HOST = [
  `(?!${SCHEME_LIKE}:)(?:${AUTH}@)?`,
  `${PROTOCOL}://(?:${AUTH}@)?`,
  `${SCHEME_LIKE}:(?:[-.0-9A-Z_a-z]|%(?!${HEX}{2}))*@`,
  `${PROTOCOL}:(?=[^@]*(?:[^-.%:0-9A-Z_a-z@]|%${HEX}{2}))${AUTH}@`,
  `(?=${SCHEME_LIKE}:[0-9])`,
  `${PROTOCOL}:(?![0-9/])`,
];

/**
 * `@IsUrl()` with its default options: at most 2,084 characters (`isURL`'s `max_allowed_length`)
 * and no whitespace, `<` or `>`, not `mailto:`, the start `BEFORE_HOST` reads, the host and port,
 * then a path, query or fragment of anything. One difference, which docs/build.md says (its `@IsUrl` row): an astral
 * character (an emoji) counts once here towards the 2,084 characters and a label's 63, and twice
 * in `isURL`, which counts UTF-16 units; class-validator still runs for such a DTO.
 */
export const URL_PATTERN = `^(?=[^\\s<>]{1,2084}$)(?!mailto:)(?:${BEFORE_HOST.join('|')})${HOST_PORT}(?:[/?#].*)?$`;

/** True when `@IsUrl`'s first argument is a non-empty options object. */
const hasOptions = ([options]: readonly unknown[]): boolean =>
  options !== null && typeof options === 'object' && Object.keys(options).length > 0;

/**
 * `@IsUrl(options?)`'s keywords: no `format` (JSON Schema's `uri` needs a scheme, `isURL` does
 * not). With its default options, `URL_PATTERN`; with options, only what every `isURL` refuses
 * (empty, whitespace, `<`, `>`), and class-validator judges the rest.
 */
export const urlKeywords = (args: readonly unknown[]): JsonSchema => ({
  type: 'string',
  pattern: hasOptions(args) ? URL_SHAPE_PATTERN : URL_PATTERN,
});

/** What `isURL` accepts with its default options, in words (the model's description says it). */
export const URL_WORDS =
  'A URL such as https://example.com/path: http, https or ftp (the protocol may be left out), ' +
  'then a host name with a top-level domain or an IP address.';

/** `@IsUrl`'s words: with options, which the schema cannot say, only that it is a URL. */
export const urlWords = (args: readonly unknown[]): string =>
  hasOptions(args) ? 'A URL.' : URL_WORDS;
