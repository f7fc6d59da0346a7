/**
 * `spacedWords`: the words of scripts written without spaces split apart for the indexes, every
 * other text left exactly as it was (so stores keep no copy of it).
 */
import { spacedWords, spacedWordsOrNull } from './spacedWords';

describe('spacedWords', () => {
  it.each([
    ['Japanese', 'きょうは楽しい', 'きょう は 楽しい'],
    ['Chinese', '今天天气很好', '今天 天气 很好'],
    ['Thai', 'ภาษาไทยง่าย', 'ภาษา ไทย ง่าย'],
    [
      'Japanese among Latin words and punctuation',
      'Tokyo: きょうは楽しい。',
      'Tokyo: きょう は 楽しい。',
    ],
  ])('splits %s into words', (_label, text, spaced) => {
    expect(spacedWords(text)).toBe(spaced);
  });

  it('leaves text of spaced scripts unchanged, and stores no copy of it', () => {
    for (const text of ["Don't run multi-agent jobs.", 'Rückerstattungen dauern', 'שלום 😀']) {
      expect(spacedWords(text)).toBe(text);
      expect(spacedWordsOrNull(text)).toBeNull();
    }
  });
});
