/**
 * `chunkText` on text with no break: every chunk ends between grapheme clusters (an emoji with
 * its joiners, a letter with its accents), so the chunks joined are the text, character for
 * character, and none holds half a surrogate pair.
 */
import fc from 'fast-check';
import { hasLoneSurrogate } from '../text/cutAtCodePoint';
import { chunkText } from './chunkText';

describe('chunkText without a break', () => {
  it.each([
    ['emoji after one letter', `#${'😀'.repeat(5000)}`, 1200, /^#?(😀)+$/u],
    ['family emoji (joined clusters)', '👨‍👩‍👧'.repeat(500), 50, /^(👨‍👩‍👧)+$/u],
    ['letters with accents', 'e\u0301'.repeat(400), 51, /^(e\u0301)+$/u],
  ])('cuts %s between clusters', (_label, text, maxChars, whole) => {
    const chunks = chunkText(text, { maxChars });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(text);
    for (const chunk of chunks) {
      expect(chunk).toMatch(whole);
      expect(chunk.length).toBeLessThanOrEqual(maxChars);
      expect(hasLoneSurrogate(chunk)).toBe(false);
    }
  });

  it('cuts a cluster longer than a chunk at a code point', () => {
    const text = `a${'\u0301'.repeat(300)}`;
    const chunks = chunkText(text, { maxChars: 50 });
    expect(chunks.join('')).toBe(text);
  });
});

describe('chunkText on random text with astral characters', () => {
  const unbroken = fc
    .array(fc.constantFrom('a', 'é', '中', '😀', '👩‍👩‍👧', '𝄞', 'e\u0301'), { maxLength: 400 })
    .map((parts) => parts.join(''));

  it('never holds half a pair, and with no break loses no character', () => {
    fc.assert(
      fc.property(unbroken, fc.integer({ min: 50, max: 120 }), (text, maxChars) => {
        const chunks = chunkText(text, { maxChars, overlap: 0 });
        for (const chunk of chunks) {
          expect(hasLoneSurrogate(chunk)).toBe(false);
          expect(chunk.length).toBeLessThanOrEqual(maxChars);
        }
        expect(chunks.join('')).toBe(text);
      }),
      { seed: 45, numRuns: 300 },
    );
  });
});
