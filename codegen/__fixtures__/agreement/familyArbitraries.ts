/**
 * Test helper: fast-check arbitraries for the keyword families of the agreement test, biased
 * toward the cases where two validators part: boundary counts, characters JavaScript counts
 * differently (astral code points, variation selectors, ZWJ sequences, combining marks, lone
 * surrogates), and near-misses of each format (one or two characters inserted, replaced,
 * deleted or re-cased). Cheap on purpose: tens of thousands of cases run in seconds.
 */
import fc from 'fast-check';

/** Pieces of text each validator may count as 0, 1 or 2 characters. */
export const TEXT_PIECES = [
  'a',
  'Z',
  '1',
  ' ',
  '-',
  '\u00E9', // é, precomposed
  'e\u0301', // e + combining acute
  '\u0301', // a combining mark alone
  '\u2764', // ❤ (BMP)
  '\uFE0F', // variation selector-16 alone
  '\uFE0E', // variation selector-15 alone
  '\u2764\uFE0F', // ❤️
  '\u{1F600}', // 😀 (astral)
  '\u{1F44D}\u{1F3FD}', // 👍🏽 (emoji + skin tone modifier)
  '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}', // family (ZWJ sequence)
  '\u200D', // ZWJ alone
  '\u{1F1EB}\u{1F1F7}', // 🇫🇷 (regional indicators)
  '\u{E0067}', // a tag character
  '\uD800', // lone high surrogate
  '\uDC00', // lone low surrogate
  '\u0000',
  '\n',
];

/** Text of 0–`maxPieces` pieces. */
export const trickyText = (maxPieces = 7): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...TEXT_PIECES), { maxLength: maxPieces }).map((p) => p.join(''));

const VARIATION_SELECTOR = /[\uFE0E\uFE0F]/;

/** Text of 0–`maxPieces` pieces without variation selectors (where every length notion agrees). */
export const plainText = (maxPieces = 7): fc.Arbitrary<string> =>
  fc
    .array(fc.constantFrom(...TEXT_PIECES.filter((p) => !VARIATION_SELECTOR.test(p))), {
      maxLength: maxPieces,
    })
    .map((p) => p.join(''));

type Edit = ['insert' | 'replace' | 'delete' | 'upper' | 'lower', number, string];

function applyEdit(text: string, [kind, at, piece]: Edit): string {
  const i = text.length === 0 ? 0 : at % (text.length + (kind === 'insert' ? 1 : 0));
  switch (kind) {
    case 'insert':
      return text.slice(0, i) + piece + text.slice(i);
    case 'replace':
      return text.slice(0, i) + piece + text.slice(i + 1);
    case 'delete':
      return text.slice(0, i) + text.slice(i + 1);
    case 'upper':
      return text.toUpperCase();
    case 'lower':
      return text.toLowerCase();
  }
}

/** `base`, and near-misses of it: one or two edits with characters from `pool`. */
export function nearMisses(base: fc.Arbitrary<string>, pool: string[]): fc.Arbitrary<string> {
  const edit = fc.tuple(
    fc.constantFrom('insert' as const, 'replace' as const, 'delete' as const, 'upper' as const),
    fc.nat(),
    fc.constantFrom(...pool),
  );
  const edited = fc
    .tuple(base, fc.array(edit, { minLength: 1, maxLength: 2 }))
    .map(([text, edits]) => edits.reduce(applyEdit, text));
  return fc.oneof({ weight: 1, arbitrary: base }, { weight: 1, arbitrary: edited });
}

const CONTROL_AND_UNICODE = ['\uD800', '\u{1F600}', '\u00E9', ' ', '\u0000', '\n'];

const EMAIL_CASES = [
  'a@b.c',
  'a@b.co',
  '"quoted"@x.com',
  '"a b"@x.com',
  '"a@b"@x.com',
  'a..b@x.com',
  '.a@x.com',
  'a.@x.com',
  'a@x.com.',
  'a@[127.0.0.1]',
  'a@127.0.0.1',
  'A <a@x.com>',
  '\u00E9@x.com',
  'a@\u00E9.com',
  'a@x.c0m',
  'a@x.123',
  'a@-x.com',
  'a@x-.com',
  'a@x_y.com',
  `${'a'.repeat(64)}@x.com`,
  `${'a'.repeat(65)}@x.com`,
  `${'\u00E9'.repeat(32)}@x.com`,
  `${'\u00E9'.repeat(33)}@x.com`,
  `a@${'b'.repeat(63)}.com`,
  `a@${'b'.repeat(64)}.com`,
  `a@${'b.'.repeat(124)}com`,
  'a@xn--p1ai',
  'a@x.xn--p1ai',
  'a@@x.com',
  '@x.com',
  'a@',
  'a@x',
  'a+tag@x.io',
  "a'b@x.io",
  ' a@x.com',
  'a@\uFF58.com',
  '\uD800@x.com',
  '\u{1F600}@x.com',
];

/** Email addresses, the cases where notions of "email" part, and near-misses of both. */
export const emails = (): fc.Arbitrary<string> =>
  nearMisses(fc.oneof(fc.emailAddress(), fc.constantFrom(...EMAIL_CASES)), [
    '@',
    '.',
    '"',
    '-',
    '_',
    '+',
    '[',
    ']',
    '\\',
    'A',
    '1',
    '<',
    ',',
    ':',
    ...CONTROL_AND_UNICODE,
  ]);

const URL_CASES = [
  'http://localhost',
  'http://127.0.0.1',
  'http://256.0.0.1',
  'http://01.2.3.4',
  'http://a.b',
  'http://a.bc',
  'http://a.b1',
  'http://a.123',
  'http://a_b.com',
  'http://-a.com',
  'http://a-.com',
  'http://xn--p1ai.xn--p1ai',
  'http://x.com:0',
  'http://x.com:65535',
  'http://x.com:65536',
  'http://x.com:080',
  'http://x.com:',
  'http://u:p@x.com',
  'http://@x.com',
  'http://[::1]',
  'http://[::1]:80/',
  'mailto:a@x.com',
  'urn:isbn:0451450523',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'x.com',
  '//x.com',
  'http:/x.com',
  'http:x.com',
  'http://x.com/<a>',
  'http://x.com/a b',
  'http://x.com/%zz',
  'http://x.com/%41',
  'http://x.com?a=1&b',
  'http://x.com#f#g',
  `http://x.com/${'a'.repeat(2067)}`,
  `http://x.com/${'a'.repeat(2072)}`,
  'ftp://x.com.',
  'https://x.com:8080/p?q#f',
  'HTTPS://X.COM',
  'gopher://x.com',
  'http://\u00E9.com',
  'http://x.com/\u00E9',
  `http://${'a'.repeat(63)}.com`,
  `http://${'a'.repeat(64)}.com`,
  'x.com',
  'x.com/path',
  'x.com:8080',
  'user:pass@x.com',
  'http://[2001:db8::1]:8080/a',
  'https://[::ffff:127.0.0.1]',
  "https://x.com/a,b;c=d!$'()*~?q=a|b&r=[1]",
  'http://x.xn--p1ai',
  'https://a_b.internal',
  'https://intranet',
];

/** URLs and URIs of many schemes, the cases where `uri` and `isURL` part, and near-misses. */
export const urls = (): fc.Arbitrary<string> =>
  nearMisses(
    fc.oneof(
      fc.webUrl({
        validSchemes: ['http', 'https', 'ftp', 'HTTP', 'urn', 'tel'],
        withQueryParameters: true,
        withFragments: true,
      }),
      fc.constantFrom(...URL_CASES),
    ),
    [':', '/', '?', '#', '@', '.', '-', '_', '%', '[', ']', '<', '\\', '~', 'A', '0', '9'].concat(
      CONTROL_AND_UNICODE,
    ),
  );

const UUID_CASES = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  'urn:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8',
  '{6ba7b810-9dad-11d1-80b4-00c04fd430c8}',
  '6ba7b8109dad11d180b400c04fd430c8',
  '6ba7b810-9dad-91d1-80b4-00c04fd430c8',
  '6ba7b810-9dad-41d1-c0b4-00c04fd430c8',
  '6ba7b810-9dad-41d1-00b4-00c04fd430c8',
];

/** UUIDs of every version and variant, non-UUIDs that look like one, and near-misses. */
export const uuids = (): fc.Arbitrary<string> =>
  nearMisses(
    fc.oneof(
      fc.uuid({ version: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15] }),
      fc.constantFrom(...UUID_CASES),
    ),
    ['0', 'f', 'F', '8', '9', 'a', 'c', '-', 'g', '4', '{', ':', ...CONTROL_AND_UNICODE],
  );

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Date-time texts from parts each biased to its boundaries (day 0 and 32, second 60, offset +24:00, …). */
const dateTimeParts = fc
  .record({
    year: fc.oneof(fc.constantFrom(0, 999, 1000, 1900, 2000, 2023, 2024, 9999), fc.nat(9999)),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.oneof(fc.constantFrom(28, 29, 30, 31), fc.integer({ min: 0, max: 32 })),
    hour: fc.oneof(fc.constantFrom(0, 23, 24), fc.integer({ min: 0, max: 25 })),
    minute: fc.oneof(fc.constantFrom(0, 59, 60), fc.nat(60)),
    second: fc.oneof(fc.constantFrom(0, 59, 60, 61), fc.nat(61)),
    fraction: fc.constantFrom('', '', '.1', '.123', '.123456789', '.1234567890', '.', ',5'),
    separator: fc.constantFrom('T', 'T', 'T', 't', ' ', '_'),
    offset: fc.constantFrom(
      'Z',
      'Z',
      '+00:00',
      'z',
      '',
      '-23:59',
      '+24:00',
      '+01',
      '+0100',
      '+01:60',
      '-00:00',
    ),
  })
  .map(
    (p) =>
      `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}${p.separator}` +
      `${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${p.fraction}${p.offset}`,
  );

/** Date-times (real instants, and part-wise boundary cases), ISO 8601's other forms (dates alone, weeks, ordinals, no seconds, calendar-invalid days), and near-misses. */
export const dateTimes = (): fc.Arbitrary<string> =>
  nearMisses(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .date({ min: new Date('0001-01-01'), max: new Date('9999-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString()),
      },
      { weight: 2, arbitrary: dateTimeParts },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          '2024-02-29',
          '2024-02-29T12:00',
          '2024-W01',
          '2024-060T00:00Z',
          '2025-12-31',
          '2024',
          '2024-12',
          '2024-W05-3',
          '2024W053',
          '2024-366',
          '2023-366',
          '2024-01-31T09:30',
          '2024-01-31 09:30:00',
          '20240131T0930Z',
          '2024-01-31T24:00',
          '2023-02-29',
          '2023-02-31T10:00Z',
          '0999-01-01',
          '+2024-01-01',
        ),
      },
    ),
    ['-', ':', 'T', 'Z', '.', '0', '9', ' ', '+', ...CONTROL_AND_UNICODE],
  );

/**
 * Decimals of at most four fraction digits below 1e7, biased to cents and to the values a float
 * division misjudges (0.07, 0.29, 19.99): the domain where ajv's `multipleOfPrecision` (which the
 * judge sets) is exact for the divisors of the multipleOf family (0.01, 0.05, 2.5, 5).
 */
export const decimals = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: -9_999_999, max: 9_999_999 }).map((n) => n / 100) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.integer({ min: -9_999_999, max: 9_999_999 }), fc.constantFrom(1, 10, 1000, 10000))
        .map(([n, scale]) => n / scale),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(0.07, 0.29, 19.99, 0.075, 1.1, 0.3, 2.5, 7.5, 0.05, 0.15, 12.5),
    },
    { weight: 1, arbitrary: fc.constantFrom('0.07', null, 1e21, -0) },
  );

/** Decimal-looking text: digits, signs, points, commas, spaces and look-alike digits, and numbers. */
export const decimalTexts = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom('19.99', '-0.5', '.5', '12', '0.07', '5.', '-', '', '1e5', '1,5'),
    },
    {
      weight: 6,
      arbitrary: fc
        .array(fc.constantFrom('0', '1', '9', '.', '.', ',', '-', '+', ' ', 'e', '\u0663'), {
          maxLength: 7,
        })
        .map((parts) => parts.join('')),
    },
    { weight: 1, arbitrary: fc.constantFrom(19.99, 1, null) },
  );

/** Numbers around the boundaries the family fixtures use (0, 5, 10), integers and fractions. */
export const boundaryNumbers = (): fc.Arbitrary<number> =>
  fc.oneof(
    fc.integer({ min: -3, max: 13 }),
    fc.constantFrom(-0.5, 0.5, 4.999, 5.5, 9.5, 10.5, 1e21),
    fc.double({ min: -20, max: 20, noNaN: true, noDefaultInfinity: true }),
  );

/** Any JSON value of the kinds the family schemas tell apart. */
export const mixedValues = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 3, arbitrary: boundaryNumbers() },
    { weight: 3, arbitrary: fc.oneof(trickyText(5), fc.constantFrom('a', 'ab', 'abc', 'b')) },
    { weight: 2, arbitrary: fc.array(boundaryNumbers(), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.constantFrom(null, true, false, {}, { a: 1 }, ['x']) },
  );

/** Keys of a record: mostly from `keys`, with a few others (never Object.prototype names, which the guard refuses by policy). */
export const recordOf = (
  keys: fc.Arbitrary<string>,
  values: fc.Arbitrary<unknown>,
  maxKeys = 5,
): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.dictionary(keys, values, { maxKeys }) },
    { weight: 1, arbitrary: fc.constantFrom([], 'x', null, 1, [{ a: 1 }]) },
  );

/**
 * The input object of a tool with the given properties: mostly complete, sometimes with required
 * properties missing, sometimes with a key the schema does not know.
 */
export function inputOf(
  properties: Record<string, fc.Arbitrary<unknown>>,
  required: string[],
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.record(properties, { requiredKeys: required }) },
    { weight: 1, arbitrary: fc.record(properties, { requiredKeys: [] }) },
    {
      weight: 1,
      arbitrary: fc.record(properties, { requiredKeys: required }).map((r) => ({ ...r, extra: 1 })),
    },
  );
}
