/**
 * The string formats the schema gate checks. `email` is class-validator's own `isEmail` (what
 * `@IsEmail()` runs, so a DTO's schema promises exactly what its validator accepts; a lone
 * surrogate, on which `isEmail` throws, is no email); `uri`, `uuid`, `date-time` and `date` are
 * the definitions of ajv-formats' "full" mode (MIT), copied because ajv-formats loads all of
 * ajv, which the runtime does not otherwise need.
 * class-validator loads on the first email checked: codegen checks `@example`s with this table
 * and would otherwise load it (and validator.js, ~300 modules) on every run for nothing.
 */
import type * as ClassValidator from 'class-validator';

let isEmail: typeof ClassValidator.isEmail | undefined;

/** class-validator's `isEmail`, required on first use. */
function email(text: string): boolean {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  isEmail ??= (require('class-validator') as typeof ClassValidator).isEmail;
  return isEmail(text);
}

const LONE_SURROGATE = /\p{Cs}/u;
const NOT_URI_FRAGMENT = /\/|:/;
const URI =
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;
const DATE_TIME_SEPARATOR = /t|\s/i;

const isLeapYear = (year: number): boolean =>
  year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** RFC 3339 full-date. */
function isDate(text: string): boolean {
  const matches = DATE.exec(text);
  if (!matches) return false;
  const [year, month, day] = [+matches[1], +matches[2], +matches[3]];
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= (month === 2 && isLeapYear(year) ? 29 : DAYS[month])
  );
}

/** RFC 3339 full-time, with a time zone, leap seconds allowed at 23:59:60 UTC. */
function isTime(text: string): boolean {
  const matches = TIME.exec(text);
  if (!matches) return false;
  const [hr, min, sec] = [+matches[1], +matches[2], +matches[3]];
  const sign = matches[5] === '-' ? -1 : 1;
  const tzH = +(matches[6] || 0);
  const tzM = +(matches[7] || 0);
  if (tzH > 23 || tzM > 59 || !matches[4]) return false;
  if (hr <= 23 && min <= 59 && sec < 60) return true;
  const utcMin = min - tzM * sign;
  const utcHr = hr - tzH * sign - (utcMin < 0 ? 1 : 0);
  return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
}

/** Format name → test. A format not listed here is refused at registration. */
export const FORMATS: Readonly<Record<string, (text: string) => boolean>> = {
  // isEmail throws on a lone surrogate (it measures UTF-8 bytes through encodeURI): not an email.
  email: (text) => !LONE_SURROGATE.test(text) && email(text),
  uri: (text) => NOT_URI_FRAGMENT.test(text) && URI.test(text),
  uuid: (text) => /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(text),
  'date-time': (text) => {
    const parts = text.split(DATE_TIME_SEPARATOR);
    return parts.length === 2 && isDate(parts[0]) && isTime(parts[1]);
  },
  date: isDate,
};

/** How class-validator words a failed format. */
export const FORMAT_WORDS: Readonly<Record<string, string>> = {
  email: 'must be an email',
  // A date alone (`2026-12-24`) is an ISO 8601 date: say what more is wanted.
  'date-time':
    'must be a full ISO 8601 date-time such as 2024-01-31T09:30:00Z (a date alone is not one)',
  date: 'must be a valid ISO 8601 date string',
  uri: 'must be a URL address',
  uuid: 'must be a UUID',
};

/** `2872-11-31T…`: a date-time in shape whose day is not in its month's calendar. */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})[Tt\s]/;

/**
 * How a failed format is worded for `text`. A date-time whose day does not exist (`2872-11-31`,
 * `2023-02-29`), which `date-time` refuses and `new Date` would roll over to the next month, is
 * told so rather than that it is no full date-time.
 */
export function formatWords(format: string, text: string): string | undefined {
  const day = format === 'date-time' ? CALENDAR_DAY.exec(text) : null;
  if (day && +day[2] >= 1 && +day[2] <= 12 && !isDate(`${day[1]}-${day[2]}-${day[3]}`)) {
    return `must be a date that exists in the calendar (${day[1]}-${day[2]}-${day[3]} does not)`;
  }
  return FORMAT_WORDS[format];
}
