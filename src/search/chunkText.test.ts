/**
 * `chunkText` on text with no break: every chunk ends between grapheme clusters (an emoji with
 * its joiners, a letter with its accents), so the chunks joined are the text, character for
 * character, and none holds half a surrogate pair.
 */
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
