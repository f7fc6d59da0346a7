/**
 * `@Matches` as a schema pattern: what the schema accepts, class-validator's `matches` (the
 * expression read without `u`, with its flags) accepts too, so the registry running both
 * accepts exactly what the schema says; case-insensitivity survives for ASCII.
 */
import { matches } from 'class-validator';
import fc from 'fast-check';
import { checkSchema } from '../validation/checkSchema';
import { foldAsciiCase, matchesKeywords, NO_ASTRAL_PATTERN } from './matchesPattern';

const schemaAccepts = (pattern: RegExp | string, modifiers: string | undefined, text: string) =>
  checkSchema(text, { type: 'string', ...matchesKeywords(pattern, modifiers) }, 'v').length === 0;

describe('@Matches as a schema pattern', () => {
  // Found by the agreement test: "🇫🇷" is 2 code points (the u pattern) but 4 UTF-16 units (what
  // class-validator counts without u), so the schema promised what the registry refused.
  it('refuses astral characters where the expression reads them by halves', () => {
    expect(matchesKeywords(/^.{2,3}$/, undefined)).toEqual({
      pattern: '^.{2,3}$',
      allOf: [{ pattern: NO_ASTRAL_PATTERN }],
    });
    expect(matches('\u{1F1EB}\u{1F1F7}', /^.{2,3}$/)).toBe(false);
    expect(schemaAccepts(/^.{2,3}$/, undefined, '\u{1F1EB}\u{1F1F7}')).toBe(false);
    expect(schemaAccepts(/^.{2,3}$/, undefined, 'ab')).toBe(true);
  });

  it('leaves patterns that read astral characters alike as they are', () => {
    expect(matchesKeywords(/^[A-Z]{2}-\d{3}\.x$/, undefined)).toEqual({
      pattern: '^[A-Z]{2}-\\d{3}\\.x$',
    });
    expect(matchesKeywords(/^.+$/u, undefined)).toEqual({ pattern: '^.+$' });
  });

  // Before, a string with modifiers emitted no pattern at all: the schema promised any string.
  it('says `i` with ASCII case classes, from a RegExp or modifiers', () => {
    expect(foldAsciiCase('^ab[c-e]\\d[^x-z]$')).toBe('^[aA][bB][c-eCDE]\\d[^x-zXYZ]$');
    expect(schemaAccepts('^ab', 'i', 'AbX')).toBe(true);
    expect(schemaAccepts(/^ab$/i, undefined, 'aB')).toBe(true);
    expect(schemaAccepts('^ab', 'i', 'xab')).toBe(false);
  });

  it.each([
    [/^[^<>]{1,4}$/, undefined],
    [/^\S+$/, undefined],
    [/^x.y$/s, undefined],
    ['^ab', 'i'],
    [/^[a-f0-9]+$/i, undefined],
    [/^b/y, undefined],
    [/^a$/m, undefined],
  ])('%s %s: the schema accepts nothing class-validator refuses', (pattern, modifiers) => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'B', 'x', 'y', '1', '<', ' ', '\n', '\u{1F600}', '\uD800', 'é'),
      maxLength: 5,
    });
    fc.assert(
      fc.property(text, (value) => {
        // A fresh RegExp per case: class-validator's sticky test keeps lastIndex between calls.
        const runs =
          pattern instanceof RegExp
            ? matches(value, new RegExp(pattern))
            : matches(value, pattern, modifiers ?? '');
        return !schemaAccepts(pattern, modifiers, value) || runs;
      }),
      { numRuns: 2000, seed: 11 },
    );
  });
});
