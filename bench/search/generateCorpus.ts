/**
 * The search bench's corpus, generated the same on every run: a vocabulary of pseudo-words made
 * of syllables, word frequencies following Zipf's law (as in natural text), chunks of 30 to 70
 * words with a three-word title, and queries of one to three words drawn past the most common
 * ranks (the words people search for, not "the"). A seeded PRNG (mulberry32) makes it repeatable.
 */
import type { SearchDocument } from '../../src/search/SearchDocument';

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ze',
  'po',
  'qua',
  'dri',
  'sel',
  'tor',
  'mun',
  'bex',
];
const VOCABULARY = 30_000;

/** A seeded PRNG: numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Word `rank` of the vocabulary: its syllables are the rank's digits in base 16. */
function word(rank: number): string {
  let n = rank + SYLLABLES.length;
  let text = '';
  while (n > 0) {
    text += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  }
  return text;
}

const WORDS = Array.from({ length: VOCABULARY }, (_, rank) => word(rank));
/** Cumulative Zipf weights (s = 1.05) for sampling a rank by binary search. */
const CUMULATIVE = (() => {
  const sums = new Float64Array(VOCABULARY);
  let sum = 0;
  for (let rank = 0; rank < VOCABULARY; rank++) sums[rank] = sum += 1 / Math.pow(rank + 1, 1.05);
  return sums.map((value) => value / sum);
})();

function sampleRank(random: () => number): number {
  const x = random();
  let lo = 0;
  let hi = VOCABULARY - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (CUMULATIVE[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const sentence = (random: () => number, words: number): string =>
  Array.from({ length: words }, () => WORDS[sampleRank(random)]).join(' ');

/**
 * The documents `from` to `to` (exclusive) of the corpus: one chunk each (30 to 70 words).
 * @example
 * for (let at = 0; at < 100_000; at += 5_000) await store.add(corpus(at, at + 5_000));
 */
export function corpus(from: number, to: number): SearchDocument[] {
  const documents: SearchDocument[] = [];
  for (let i = from; i < to; i++) {
    const random = mulberry32(i + 1);
    documents.push({
      id: `doc-${i}`,
      title: sentence(random, 3),
      text: `${sentence(random, 30 + Math.floor(random() * 41))}.`,
    });
  }
  return documents;
}

/** `count` queries of one to three words, from ranks past the 50 most common. */
export function queries(count: number): string[] {
  const random = mulberry32(0xc0ffee);
  return Array.from({ length: count }, () => {
    const words = 1 + Math.floor(random() * 3);
    return Array.from(
      { length: words },
      () => WORDS[50 + (sampleRank(random) % (VOCABULARY - 50))],
    ).join(' ');
  });
}
