import fc from 'fast-check';
import {
  codePointBoundary,
  cutAtCodePoint,
  hasLoneSurrogate,
  sliceAtCodePoints,
} from './cutAtCodePoint';

/** Strings mixing ASCII, BMP and astral characters (emoji), as the model and documents send. */
const mixedText = fc
  .array(fc.oneof(fc.constantFrom('a', ' ', 'é', '中', '😀', '👩‍👩‍👧', '𝄞', '\u{10FFFF}')), {
    maxLength: 60,
  })
  .map((parts) => parts.join(''));

describe('cutAtCodePoint', () => {
  it('never leaves half a surrogate pair, for any text and any bound', () => {
    fc.assert(
      fc.property(
        mixedText,
        fc.nat(130),
        fc.constantFrom('', '…', '... (cut)'),
        (text, max, ellipsis) => {
          const cut = cutAtCodePoint(text, max, ellipsis);
          expect(hasLoneSurrogate(cut)).toBe(false);
          expect(cut.length).toBeLessThanOrEqual(Math.max(max, ellipsis.length));
          if (text.length <= max) expect(cut).toBe(text);
          else expect(text.startsWith(cut.slice(0, cut.length - ellipsis.length))).toBe(true);
        },
      ),
      { seed: 4242, numRuns: 500 },
    );
  });

  it('steps back before an emoji that the bound would split, and keeps one that fits', () => {
    expect(cutAtCodePoint('ab😀', 3)).toBe('ab');
    expect(cutAtCodePoint('ab😀c', 4)).toBe('ab😀');
    expect(cutAtCodePoint('hello world', 8, '…')).toBe('hello w…');
    expect(cutAtCodePoint('x😀😀', 3, '…')).toBe('x…');
  });

  it('slices with both ends on code-point boundaries', () => {
    fc.assert(
      fc.property(mixedText, fc.nat(70), fc.nat(70), (text, a, b) => {
        const slice = sliceAtCodePoints(text, Math.min(a, b), Math.max(a, b));
        expect(hasLoneSurrogate(slice)).toBe(false);
        expect(text.includes(slice)).toBe(true);
      }),
      { seed: 4243, numRuns: 500 },
    );
    expect(sliceAtCodePoints('😀ab😀', 1, 5)).toBe('ab');
    expect(codePointBoundary('a😀b', 2)).toBe(1);
  });

  it('tells a lone surrogate from a pair', () => {
    expect(hasLoneSurrogate('ok 😀')).toBe(false);
    expect(hasLoneSurrogate('😀'.slice(0, 1))).toBe(true);
    expect(hasLoneSurrogate('x' + '😀'.slice(1))).toBe(true);
  });
});
