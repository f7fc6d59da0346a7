/**
 * `@IsUrl()` tells the model what class-validator accepts: with its default options the schema's
 * pattern reads a text as validator.js `isURL` does, judged three ways (ajv on the schema,
 * class-validator's `isURL`, the schema gate) on tricky URLs and on 20,000 generated texts (a
 * tenth under `npm test`: test/propertyRuns.ts); with options, the schema keeps only what every
 * `isURL` refuses and class-validator judges the rest.
 */
import Ajv2020 from 'ajv/dist/2020';
import { isURL } from 'class-validator';
import fc from 'fast-check';
import { checkSchema } from '../validation/checkSchema';
import { constraintKeywords, ruleForDecorator } from './constraintTable';
import { URL_SHAPE_PATTERN } from './formatPatterns';
import { casesText, propertyRuns } from '../../test/propertyRuns';
import type { JsonSchema } from './JsonSchema';
import { URL_PATTERN } from './urlPattern';
import { expectEqual } from '../../test/expectEqual';

const keywordsOf = (...args: unknown[]): JsonSchema =>
  constraintKeywords(ruleForDecorator('IsUrl')!, args);
const ajv = new Ajv2020({ strict: true });
const byAjv = ajv.compile(keywordsOf());
const byGate = (value: string): boolean => checkSchema(value, keywordsOf(), 'v').length === 0;

/** What each side says of a text: ajv on the schema, class-validator, the schema gate. */
const judged = (value: string) => ({
  value,
  ajv: byAjv(value),
  classValidator: isURL(value),
  gate: byGate(value),
});

/** Where `isURL` counts an astral character twice and the pattern once (docs/build.md's one difference). */
const countsAstralTwice = (value: string): boolean =>
  /[\u{10000}-\u{10FFFF}]/u.test(value) &&
  (value.length > 2084 || /[^./:@[\]]{32,}/u.test(value.replace(/[?#].*$/su, '')));

describe('@IsUrl() with its default options: the schema accepts what isURL accepts', () => {
  it('is one pattern, no format', () => {
    expect(keywordsOf()).toEqual({ type: 'string', pattern: URL_PATTERN });
    expect(keywordsOf({})).toEqual(keywordsOf());
  });

  it.each([
    ['no protocol', 'example.com', true],
    ['a bare host name', 'http://localhost', false],
    ['ftp with a one-letter top-level domain', 'ftp://x.y', false],
    ['ftp', 'ftp://x.yz/file.txt', true],
    ['an IPv4 host with a port', 'http://1.2.3.4:8080/a', true],
    ['an IPv4 host without protocol', '1.2.3.4', true],
    ['an octet above 255', 'http://256.1.2.3', false],
    ['an IPv6 host', 'http://[2001:db8::1]:8080/a', true],
    ['an IPv6 host with an IPv4 tail and a zone', 'http://[::ffff:1.2.3.4%eth0]', true],
    ['an IPv4 address in brackets', 'http://[1.2.3.4]', false],
    ['port 0', 'http://x.com:0', false],
    ['port 65536', 'http://x.com:65536', false],
    ['a port with leading zeros', 'http://x.com:00080', true],
    ['an empty port after a host that is not protocol-like', '1.2.3.4:', true],
    ['a host and port, the host read as a protocol first', 'example.com:8080/a', true],
    ['an underscore in the host', 'http://a_b.com', false],
    ['a label ending with -', 'http://a-.com', false],
    ['an internationalised host', 'http://例子.中国', true],
    ['an emoji label', 'http://😀.com', true],
    ['an emoji top-level domain', 'http://x.😀', false],
    ['a full-width label', 'http://ｅｘ.com', false],
    ['a punycode top-level domain', 'http://x.xn--p1ai', true],
    ['a trailing dot', 'http://example.com.', false],
    ['a number', '5', false],
    ['a letter', 't', false],
    ['credentials', 'http://user:pass@example.com', true],
    ['credentials without protocol', 'user:pass@example.com', true],
    ['empty credentials', 'http://@example.com', false],
    ['"word:user@host", read as credentials', 'javascript:x@example.com', true],
    ['two colons in credentials after a protocol without slashes', 'http:user:pw@x.com', false],
    ['encoded credentials after a protocol without slashes', 'http:%41@example.com', true],
    ['a protocol without slashes', 'http:example.com', true],
    ['an unknown protocol', 'gopher://example.com', false],
    ['mailto:', 'mailto:a@example.com', false],
    ['MAILTO: (isURL checks the lower case only)', 'MAILTO:a@example.com', true],
    ['protocol-relative', '//example.com', false],
    ['a space in the fragment', 'http://example.com/#a b', false],
    ['< in the query', 'https://example.com/?q=<', false],
    ['anything after the host', "https://x.com/a,b;c=d!$'()*~?q=a|b&r=[1]#@:", true],
    ['2,084 characters', `http://x.com/${'a'.repeat(2071)}`, true],
    ['2,085 characters', `http://x.com/${'a'.repeat(2072)}`, false],
  ])('%s', (_case, value, expected) => {
    expect(judged(value)).toEqual({
      value,
      ajv: expected,
      classValidator: expected,
      gate: expected,
    });
  });

  it(`over ${casesText(propertyRuns(20_000))} generated texts, ajv, class-validator and the gate agree (astral lengths aside)`, () => {
    const pieces = fc.constantFrom(
      ':',
      '/',
      '//',
      '?',
      '#',
      '@',
      '.',
      '-',
      '_',
      '%',
      '%41',
      '[',
      ']',
      '::',
      '0',
      '9',
      '80',
      'a',
      'xn--',
      'http:',
      'ftp://',
      'mailto:',
      ' ',
      '<',
      '\u00E9',
      '\u{1F600}',
      '\uFF21',
      '\u3000',
    );
    const mutated = fc
      .tuple(
        fc.webUrl({ validSchemes: ['http', 'https', 'ftp', 'HTTP', 'urn', 'mailto'] }),
        fc.array(fc.tuple(fc.nat(), pieces), { maxLength: 3 }),
      )
      .map(([url, edits]) =>
        edits.reduce((text, [at, piece]) => {
          const i = at % (text.length + 1);
          return text.slice(0, i) + piece + text.slice(i);
        }, url),
      );
    const texts = fc.oneof(
      fc.webUrl({
        withQueryParameters: true,
        withFragments: true,
      }),
      fc.domain(),
      fc.ipV4().map((ip) => `http://${ip}`),
      fc.ipV6().map((ip) => `https://[${ip}]:8443/`),
      mutated,
      fc.array(pieces, { maxLength: 8 }).map((parts) => parts.join('')),
    );
    let accepted = 0;
    for (const value of fc.sample(texts, { numRuns: propertyRuns(20_000), seed: 31 })) {
      const verdicts = judged(value);
      if (verdicts.classValidator) accepted++;
      if (countsAstralTwice(value)) continue;
      expectEqual(verdicts, {
        value,
        ajv: verdicts.classValidator,
        classValidator: verdicts.classValidator,
        gate: verdicts.classValidator,
      });
    }
    expect(accepted).toBeGreaterThan(propertyRuns(20_000) / 4);
  });

  it('the one difference: an emoji counts once towards a label’s 63 characters, twice in isURL', () => {
    const value = `http://${'\u{1F600}'.repeat(32)}.com`;
    expect(judged(value)).toEqual({ value, ajv: true, classValidator: false, gate: true });
  });
});

/** Option sets of `@IsUrl(options)` users write. */
const URL_OPTIONS = [
  { require_protocol: true },
  { require_tld: false },
  { allow_underscores: true },
  { protocols: ['https'], require_valid_protocol: true },
  { host_whitelist: ['x.com'] },
  { require_host: false },
  { validate_length: false },
  { allow_protocol_relative_urls: true, allow_trailing_dot: true },
];

describe('@IsUrl(options): only what every isURL refuses (class-validator judges the rest)', () => {
  it('emits the same schema whatever the options', () => {
    for (const options of URL_OPTIONS)
      expect(keywordsOf(options)).toEqual({ type: 'string', pattern: URL_SHAPE_PATTERN });
  });

  it(`holds every URL isURL accepts, under every option set, over ${casesText(propertyRuns(10_000))} generated texts`, () => {
    const texts = fc.oneof(
      fc.webUrl({
        validSchemes: ['http', 'https', 'ftp', 'mailto'],
        withQueryParameters: true,
        withFragments: true,
      }),
      fc.constantFrom(
        'x.com',
        '//x.com',
        'http://[::1]',
        'http://a_b.x.com',
        'http://localhost',
        '',
      ),
      fc
        .tuple(
          fc.webUrl(),
          fc.nat(),
          fc.constantFrom(' ', '<', '>', '\n', '\u00A0', '\u2028', '\uFEFF', '%20'),
        )
        .map(
          ([url, at, piece]) =>
            url.slice(0, at % (url.length + 1)) + piece + url.slice(at % (url.length + 1)),
        ),
    );
    const schema = keywordsOf(URL_OPTIONS[0]);
    let accepted = 0;
    for (const value of fc.sample(texts, { numRuns: propertyRuns(10_000), seed: 9 })) {
      for (const options of URL_OPTIONS) {
        if (!isURL(value, options)) continue;
        accepted++;
        expectEqual(
          { value, options, schema: checkSchema(value, schema, 'v').length === 0 },
          { value, options, schema: true },
        );
      }
    }
    expect(accepted).toBeGreaterThan(propertyRuns(10_000));
  });
});
