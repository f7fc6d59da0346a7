/**
 * The disagreements the agreement test found between JSON Schema formats and class-validator's
 * checks, one named case each: the plain format accepts the value, class-validator (or the
 * `Date` transform) refuses it, and the schema the decorator now emits refuses it too.
 */
import { isDecimal, isISO8601, isUUID } from 'class-validator';
import fc from 'fast-check';
import { checkSchema } from '../validation/checkSchema';
import { constraintKeywords, ruleForDecorator } from './constraintTable';
import { dateTimeSchema } from './formatPatterns';
import type { JsonSchema } from './JsonSchema';
import { expectEqual } from '../../test/expectEqual';
import { casesText, propertyRuns } from '../../test/propertyRuns';

const keywordsOf = (decorator: string, ...args: unknown[]): JsonSchema =>
  constraintKeywords(ruleForDecorator(decorator)!, args);

const accepts = (schema: JsonSchema, value: string): boolean =>
  checkSchema(value, schema, 'v').length === 0;

describe('@IsUUID(version?) emits what isUUID accepts', () => {
  it.each([
    ['the urn:uuid: prefix', 'urn:uuid:6ba7b810-9dad-11d1-80b4-00c04fd430c8', undefined],
    ['variant c', '6ba7b810-9dad-41d1-c0b4-00c04fd430c8', undefined],
    ['version 9', '6ba7b810-9dad-91d1-80b4-00c04fd430c8', undefined],
    ['version 1 where 4 is asked', '6ba7b810-9dad-11d1-80b4-00c04fd430c8', '4'],
  ])('%s', (_case, value, version) => {
    expect(accepts({ type: 'string', format: 'uuid' }, value)).toBe(true);
    expect(isUUID(value, version as never)).toBe(false);
    expect(accepts(keywordsOf('IsUUID', version), value)).toBe(false);
  });

  it('keeps the nil UUID and upper case', () => {
    for (const value of [
      '00000000-0000-0000-0000-000000000000',
      '6BA7B810-9DAD-11D1-80B4-00C04FD430C8',
    ]) {
      expect(accepts(keywordsOf('IsUUID'), value)).toBe(true);
    }
  });

  it(`is exact for every version isUUID knows, alone or several, over ${casesText(propertyRuns(20_000))} generated texts`, () => {
    const versions = [
      undefined,
      null,
      'all',
      '1',
      '3',
      4,
      '4',
      '5',
      '7',
      'nil',
      'max',
      'loose',
      ['3', '5'],
      [4, null],
      'v4',
    ];
    const texts = fc.oneof(
      fc.uuid(),
      fc.uuid({ version: [3, 4, 5, 7] }),
      fc.constantFrom(
        '00000000-0000-0000-0000-000000000000',
        'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
        '6ba7b810-9dad-f1d1-80b4-00c04fd430c8',
        '6ba7b810-9dad-41d1-c0b4-00c04fd430c8',
      ),
      fc.uuid().map((u) => u.replace(/^./, 'g')),
    );
    for (const version of versions)
      expect(ruleForDecorator('IsUUID')!.exact!([version], { dateTransform: false })).toBe(true);
    for (const value of fc.sample(texts, { numRuns: propertyRuns(20_000), seed: 31 })) {
      for (const version of versions) {
        const schema = keywordsOf('IsUUID', version);
        const expected = Array.isArray(version)
          ? version.some((v) => isUUID(value, v as never))
          : isUUID(value, version as never);
        expectEqual(
          { value, version, schema: accepts(schema, value) },
          { value, version, schema: expected },
        );
      }
    }
  });

  it('a version named like an Object member (isUUID throws on it) leaves class-validator to judge', () => {
    expect(ruleForDecorator('IsUUID')!.exact!(['toString'], { dateTransform: false })).toBe(false);
  });
});

describe('a Date and @IsDate emit what becomes a valid Date', () => {
  it.each([
    ['a leap second', '2016-12-31T23:59:60Z'],
    ['a lowercase t', '2020-01-01t00:00:00Z'],
    ['an offset without minutes', '2020-01-01T10:00:00+01'],
    ['year 1', '0001-01-01T00:00:00.000Z'],
  ])('%s: %s', (_case, value) => {
    expect(accepts({ type: 'string', format: 'date-time' }, value)).toBe(true);
    const becomesDate = isISO8601(value, { strict: true }) && !isNaN(new Date(value).getTime());
    expect(becomesDate).toBe(false);
    expect(accepts(dateTimeSchema(), value)).toBe(false);
    expect(accepts(keywordsOf('IsDate'), value)).toBe(false);
  });

  it('keeps what toISOString writes, and offsets', () => {
    for (const value of [new Date(0).toISOString(), '2024-02-29T23:59:59.5+05:30']) {
      expect(accepts(dateTimeSchema(), value)).toBe(true);
    }
  });
});

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** ISO 8601-looking text from parts each biased to its boundaries, in every form validator.js reads. */
const isoParts = fc
  .record({
    sign: fc.constantFrom('', '', '', '+', '-'),
    year: fc.oneof(fc.constantFrom(0, 1, 999, 1000, 2023, 2024, 9999), fc.nat(9999)),
    wideYear: fc.constantFrom('', '', '', '', '0', '00'),
    date: fc.oneof(
      fc.constant(''),
      fc
        .tuple(fc.constantFrom('-', '', '-'), fc.integer({ min: 0, max: 13 }))
        .map(([s, m]) => `${s}${pad(m, 2)}`),
      fc
        .tuple(
          fc.constantFrom('-', '', '-'),
          fc.integer({ min: 0, max: 13 }),
          fc.constantFrom('-', '', '-'),
          fc.oneof(fc.constantFrom(28, 29, 30, 31), fc.integer({ min: 0, max: 32 })),
        )
        .map(([s, m, t, d]) => `${s}${pad(m, 2)}${t}${pad(d, 2)}`),
      fc
        .tuple(
          fc.constantFrom('-', ''),
          fc.integer({ min: 0, max: 54 }),
          fc.constantFrom('', '-', ''),
          fc.integer({ min: 0, max: 8 }),
        )
        .map(([s, w, t, d]) => `${s}W${pad(w, 2)}${d === 8 ? '' : `${t}${d}`}`),
      fc
        .tuple(
          fc.constantFrom('-', ''),
          fc.oneof(fc.constantFrom(0, 1, 365, 366, 367), fc.nat(399)),
        )
        .map(([s, d]) => `${s}${pad(d, 3)}`),
    ),
    separator: fc.constantFrom('T', 'T', ' ', 't', '_', '\n'),
    time: fc.oneof(
      fc.constant(''),
      fc
        .tuple(
          fc.oneof(fc.constantFrom(0, 23, 24), fc.integer({ min: 0, max: 25 })),
          fc.constantFrom(':', '', ':'),
          fc.option(fc.oneof(fc.constantFrom(0, 59, 60), fc.nat(60))),
          fc.option(fc.oneof(fc.constantFrom(0, 59, 60), fc.nat(61))),
          fc.constantFrom('', '', '.5', ',25', '.123456789', '.', ','),
        )
        .map(
          ([h, colon, m, sec, fraction]) =>
            `${pad(h, 2)}${m === null ? '' : `${colon}${pad(m, 2)}`}` +
            `${sec === null ? '' : `${colon}${pad(sec, 2)}`}${fraction}`,
        ),
    ),
    offset: fc.constantFrom(
      '',
      'Z',
      'z',
      '+00:00',
      '-23:59',
      '+24:00',
      '+01',
      '+0130',
      '+01:60',
      '-1',
    ),
  })
  .map(
    (p) =>
      `${p.sign}${p.wideYear}${pad(p.year, 4)}${p.date}` +
      (p.time || p.offset ? `${p.separator}${p.time}${p.offset}` : ''),
  );

/** The parts above, and one or two characters inserted, replaced or deleted. */
const isoTexts = fc.oneof(
  isoParts,
  fc
    .tuple(
      isoParts,
      fc.nat(),
      fc.constantFrom('-', ':', 'T', 'W', 'Z', '.', '0', '9', ' ', '+', '\u{1F600}', ''),
    )
    .map(([text, at, piece]) => {
      const i = at % (text.length + 1);
      return text.slice(0, i) + piece + text.slice(i + (piece === '' ? 1 : at % 2));
    }),
);

describe('@IsISO8601 and @IsDateString emit what validator.js isISO8601 accepts', () => {
  it.each([
    ['a date alone', '2025-12-31'],
    ['a year alone', '2024'],
    ['a month', '2024-12'],
    ['a week date', '2024-W05-3'],
    ['an ordinal date', '2024-366'],
    ['a time without seconds', '2024-01-31T09:30'],
    ['a space before the time', '2024-01-31 09:30:00'],
    ['an offset without minutes', '2020-01-01T10:00:00+01'],
    ['a year before 1000', '0999-01-01'],
    ['a calendar-invalid date (non-strict reads no calendar)', '2023-02-31'],
  ])('accepts %s: %s', (_case, value) => {
    for (const decorator of ['IsISO8601', 'IsDateString']) {
      expect(isISO8601(value)).toBe(true);
      expect(accepts(keywordsOf(decorator), value)).toBe(true);
    }
  });

  it("says what is wanted, in class-validator's words", () => {
    expect(checkSchema('31/12/2025', keywordsOf('IsDateString'), 'due')).toEqual([
      'due: due must be a valid ISO 8601 date string such as 2024-01-31, 2024-01-31T09:30Z or 2024-W05-3',
    ]);
  });

  it(`agrees with isISO8601 (and strictSeparator) on ${casesText(propertyRuns(30_000))} generated texts`, () => {
    const samples = fc.sample(isoTexts, { numRuns: propertyRuns(30_000), seed: 3 });
    let valid = 0;
    for (const value of samples) {
      const expected = isISO8601(value);
      if (expected) valid++;
      expectEqual(
        { value, schema: accepts(keywordsOf('IsISO8601'), value) },
        { value, schema: expected },
      );
      expectEqual(
        {
          value,
          separator: accepts(keywordsOf('IsISO8601', { strictSeparator: true }), value),
        },
        { value, separator: isISO8601(value, { strictSeparator: true }) },
      );
    }
    expect(Math.min(valid, samples.length - valid)).toBeGreaterThan(samples.length / 20);
  });

  it('strict: the schema holds everything strict accepts; the calendar is left to class-validator', () => {
    const strict = keywordsOf('IsISO8601', { strict: true });
    for (const value of fc.sample(isoTexts, { numRuns: propertyRuns(10_000), seed: 4 })) {
      if (isISO8601(value, { strict: true }))
        expectEqual({ value, ok: accepts(strict, value) }, { value, ok: true });
    }
    expect(accepts(strict, '2023-02-29')).toBe(true);
    expect(isISO8601('2023-02-29', { strict: true })).toBe(false);
  });
});

describe('@IsDecimal(options?) on a string emits what isDecimal accepts', () => {
  const OPTIONS = [
    undefined,
    {},
    { decimal_digits: '2' },
    { decimal_digits: '1,3' },
    { decimal_digits: '0,' },
    { force_decimal: true },
    { force_decimal: true, decimal_digits: '2' },
    { locale: 'en-US' },
  ];
  const texts = fc
    .array(fc.constantFrom('0', '1', '9', '.', ',', '-', '+', ' ', 'e', '\u0663', '\u{1D7CE}'), {
      maxLength: 8,
    })
    .map((parts) => parts.join(''));

  it.each([
    ['19.99', true],
    ['-0.5', true],
    ['.5', true],
    ['12', true],
    ['5.', false],
    ['-', false],
    ['', false],
    ['1e5', false],
    ['1,5', false],
  ])('%s: %s', (value, expected) => {
    expect(isDecimal(value)).toBe(expected);
    expect(accepts(keywordsOf('IsDecimal'), value)).toBe(expected);
  });

  it(`agrees with isDecimal under each option set on ${casesText(propertyRuns(8_000))} generated texts`, () => {
    let valid = 0;
    for (const value of fc.sample(texts, { numRuns: propertyRuns(8_000), seed: 12 })) {
      for (const options of OPTIONS) {
        const expected = isDecimal(value, options as never);
        if (expected) valid++;
        expectEqual(
          { value, options, schema: accepts(keywordsOf('IsDecimal', options), value) },
          { value, options, schema: expected },
        );
      }
    }
    expect(valid).toBeGreaterThan(propertyRuns(8_000) / 4);
  });

  it('another locale leaves the text to class-validator', () => {
    expect(keywordsOf('IsDecimal', { locale: 'de-DE' })).toEqual({ type: 'string' });
    expect(accepts(keywordsOf('IsDecimal', { locale: 'de-DE' }), '1,5')).toBe(true);
  });
});
