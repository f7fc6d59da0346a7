/**
 * Words of the scripts written without spaces (Chinese, Japanese, Thai, Lao, Khmer, Myanmar)
 * split apart with spaces, by the platform's `Intl.Segmenter` (ICU's dictionaries), so that
 * every store's tokenizer, which splits at spaces and punctuation, indexes "きょう", "は" and
 * "楽しい" rather than one term "きょうは楽しい". Stores index this form beside the original
 * text (which is what they show), and queries go through it too.
 */

/** A character of a script whose words are not separated by spaces. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

const words = new Intl.Segmenter('und', { granularity: 'word' });

/** Whether `text` holds a script written without spaces, so `spacedWords` would change it. */
export function needsSpacing(text: string): boolean {
  return UNSPACED.test(text);
}

/**
 * `text` with a space around each word the segmenter finds, when it holds a script written
 * without spaces; otherwise `text` itself.
 * @example
 * spacedWords('きょうは楽しい'); // 'きょう は 楽しい'
 */
export function spacedWords(text: string): string {
  if (!needsSpacing(text)) return text;
  let spaced = '';
  let wordBefore = false;
  for (const { segment, isWordLike } of words.segment(text)) {
    if (isWordLike && wordBefore) spaced += ' ';
    spaced += segment;
    wordBefore = Boolean(isWordLike);
  }
  return spaced;
}

/** The indexed form of `text` when it differs from `text` (else null, so stores keep no copy). */
export function spacedWordsOrNull(text: string): string | null {
  return needsSpacing(text) ? spacedWords(text) : null;
}
