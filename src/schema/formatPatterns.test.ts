/**
 * The disagreements the agreement test found between JSON Schema formats and class-validator's
 * checks, one named case each: the plain format accepts the value, class-validator (or the
 * `Date` transform) refuses it, and the schema the decorator now emits refuses it too.
 */
import { isISO8601, isURL, isUUID } from 'class-validator';
import { checkSchema } from '../validation/checkSchema';
import { constraintKeywords, ruleForDecorator } from './constraintTable';
import { dateTimeSchema } from './formatPatterns';
import type { JsonSchema } from './JsonSchema';

const keywordsOf = (decorator: string, ...args: unknown[]): JsonSchema =>
  constraintKeywords(ruleForDecorator(decorator)!, args);

const accepts = (schema: JsonSchema, value: string): boolean =>
  checkSchema(value, schema, 'v').length === 0;

describe('@IsUrl() emits what isURL accepts', () => {
  it.each([
    ['a scheme isURL does not take', 'urn://w2.2bkgols3.li?name#I'],
    ['a URN', 'urn:isbn:0451450523'],
    ['mailto', 'mailto:a@x.com'],
    ['a host without a top-level domain', 'http://localhost'],
    ['a numeric top-level domain', 'http://a.123'],
    ['an underscore in the host', 'http://a_b.com'],
    ['port 0', 'http://x.com:0'],
  ])('%s: %s', (_case, value) => {
    expect(accepts({ type: 'string', format: 'uri' }, value)).toBe(true);
    expect(isURL(value)).toBe(false);
    expect(accepts(keywordsOf('IsUrl'), value)).toBe(false);
  });

  it('keeps the URLs both accept', () => {
    for (const value of ['https://x.com:8080/p?q=1#f', 'HTTP://X.COM', 'ftp://127.0.0.1/a']) {
      expect(isURL(value)).toBe(true);
      expect(accepts(keywordsOf('IsUrl'), value)).toBe(true);
    }
  });
});

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
});

describe('a Date, @IsDate, @IsISO8601 and @IsDateString emit what becomes a valid Date', () => {
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
    for (const decorator of ['IsDate', 'IsISO8601', 'IsDateString'])
      expect(accepts(keywordsOf(decorator), value)).toBe(false);
  });

  it('keeps what toISOString writes, and offsets', () => {
    for (const value of [new Date(0).toISOString(), '2024-02-29T23:59:59.5+05:30']) {
      expect(accepts(dateTimeSchema(), value)).toBe(true);
    }
  });
});
