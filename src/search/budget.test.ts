/**
 * The budget's cuts of text for the model (`cutText` for a result, `noHitsText` echoing the
 * query), as a property over random strings with astral characters: never half a surrogate
 * pair, never past the bound, and the kept text a prefix of the original.
 */
import fc from 'fast-check';
import { hasLoneSurrogate } from '../text/cutAtCodePoint';
import { CUT_MARKER, cutText, noHitsText } from './budget';

/** Strings mixing ASCII, spaces, BMP and astral characters (emoji), as documents and queries hold. */
const mixedText = fc
  .array(fc.constantFrom('a', ' ', 'é', '中', '😀', '👩‍👩‍👧', '𝄞'), { maxLength: 150 })
  .map((parts) => parts.join(''));

describe('the budget cuts', () => {
  it('cut a result within its bound at a code point, keeping a prefix', () => {
    fc.assert(
      fc.property(mixedText, fc.integer({ min: CUT_MARKER.length, max: 200 }), (text, max) => {
        const cut = cutText(text, max);
        expect(hasLoneSurrogate(cut)).toBe(false);
        expect(cut.length).toBeLessThanOrEqual(max);
        if (text.length <= max) expect(cut).toBe(text);
        else expect(text.startsWith(cut.slice(0, -CUT_MARKER.length))).toBe(true);
      }),
      { seed: 45, numRuns: 500 },
    );
  });

  it('echo the query in the no-match sentence at a code point', () => {
    fc.assert(
      fc.property(mixedText, (query) => {
        const text = noHitsText(query);
        expect(hasLoneSurrogate(text)).toBe(false);
        const shown = /^No results for "([\s\S]*)"\. Try/u.exec(text)![1];
        expect(shown.length).toBeLessThanOrEqual(101);
        expect(query.startsWith(shown.replace(/…$/u, ''))).toBe(true);
      }),
      { seed: 45, numRuns: 500 },
    );
  });
});
