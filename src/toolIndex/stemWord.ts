/**
 * A light English stemmer for the tool search index: strips the inflections that separate a
 * query from a tool's JSDoc (`refunds`, `refunded`, `refunding` → `refund`; `charged`,
 * `charge` → `charg`; `shipped`, `shipping` → `ship`) and nothing that changes the word's
 * meaning (no derivation: `payment` stays apart from `pay`). Applied to the index at build
 * time and to each query, so both sides agree.
 */

const VOWEL = /[aeiouy]/;

/** `shipp` → `ship`, `cancell` → `cancel`: the doubled consonant an inflection added. */
function undouble(stem: string): string {
  const last = stem[stem.length - 1];
  if (stem.length > 3 && last === stem[stem.length - 2] && !/[aeiouslz]/.test(last!)) {
    return stem.slice(0, -1);
  }
  if (stem.length > 4 && /ll$/.test(stem)) return stem.slice(0, -1);
  return stem;
}

/** Strips one inflectional suffix, keeping a stem that still holds a vowel. */
function stripSuffix(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith('ing') && VOWEL.test(word.slice(0, -3))) {
    return undouble(word.slice(0, -3));
  }
  if (word.length > 4 && word.endsWith('ed') && VOWEL.test(word.slice(0, -2))) {
    return word.endsWith('eed') ? word.slice(0, -1) : undouble(word.slice(0, -2));
  }
  if (word.length > 4 && /(ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(ss|us|is)$/.test(word)) {
    return word.slice(0, -1);
  }
  return word;
}

/**
 * The stem of a lower-case word: its inflection stripped, then a final `e` or `y` (so that
 * `charge` and `charged`, `delivery` and `deliveries` meet).
 * @example
 * stemWord('refunded'); // 'refund'
 */
export function stemWord(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  const stem = stripSuffix(word);
  return stem.length > 3 && /[ey]$/.test(stem) ? stem.slice(0, -1) : stem;
}
