/**
 * `chunkText`: where it breaks (a paragraph, then a sentence end, then a line, then a space, in
 * the second half of a chunk; only then mid-word), what it repeats (the previous chunk's tail
 * from a word start, about `overlap` characters), and on text with no break, that every chunk
 * ends between grapheme clusters (an emoji with its joiners, a letter with its accents), so the
 * chunks joined are the text, character for character, and none holds half a surrogate pair.
 */
import fc from 'fast-check';
import { hasLoneSurrogate } from '../text/cutAtCodePoint';
import { chunkText } from './chunkText';

describe('chunkText break points', () => {
  const noOverlap = { maxChars: 60, overlap: 0 };

  it.each([
    [
      'a paragraph before a later sentence end',
      'The first paragraph ends after some words\n\nThe next one. Goes on and on for a while longer.',
      [
        'The first paragraph ends after some words',
        'The next one. Goes on and on for a while longer.',
      ],
    ],
    [
      'a sentence end before a later line break',
      'Here is one longer sentence that ends. Then a\nline break and more words after it to pass sixty.',
      [
        'Here is one longer sentence that ends.',
        'Then a\nline break and more words after it to pass sixty.',
      ],
    ],
    [
      'a line break before a later space',
      'Here is one line with no sentence end at all\nthen more words after it to pass the max.',
      ['Here is one line with no sentence end at all', 'then more words after it to pass the max.'],
    ],
    [
      'the last space when nothing else is there',
      'Only plain words separated by single spaces and nothing else at all here ok',
      ['Only plain words separated by single spaces and nothing', 'else at all here ok'],
    ],
    [
      'a sentence end in the second half rather than a paragraph in the first',
      'Short.\n\nThen a much longer sentence that ends here. And more words to go past it.',
      ['Short.\n\nThen a much longer sentence that ends here.', 'And more words to go past it.'],
    ],
    [
      'mid-word only when the last space is in the first half',
      'Some words then a longwordwithnospacesthatrunsonpastthemiddleofthechunk and more words',
      [
        'Some words then a longwordwithnospacesthatrunsonpastthemiddl',
        'eofthechunk and more words',
      ],
    ],
  ])('breaks at %s', (_label, text, expected) => {
    expect(chunkText(text, noOverlap)).toEqual(expected);
  });

  it('keeps a text that fits whole, trimmed', () => {
    expect(chunkText('  A short note.\n', noOverlap)).toEqual(['A short note.']);
  });
});

describe('chunkText overlap', () => {
  const text =
    'Cats sleep most of the day. Dogs bark at the mailman every morning. Birds sing at dawn and dusk.';

  it('starts each chunk with the tail of the one before, from a word start', () => {
    // overlap 20 is held to a third of 50 (16): each repeat is the last 16 or so characters, whole words
    expect(chunkText(text, { maxChars: 50, overlap: 20 })).toEqual([
      'Cats sleep most of the day.',
      'most of the day. Dogs bark at the mailman every',
      'the mailman every morning. Birds sing at dawn and',
      'sing at dawn and dusk.',
    ]);
  });

  it('repeats nothing with overlap 0', () => {
    expect(chunkText(text, { maxChars: 50, overlap: 0 })).toEqual([
      'Cats sleep most of the day.',
      'Dogs bark at the mailman every morning.',
      'Birds sing at dawn and dusk.',
    ]);
  });

  it('repeats whole lines of a text whose lines hold no space', () => {
    const fruit =
      'apples\npears\nplums\ncherries\ngrapes\nlemons\nlimes\nmelons\npeaches\nfigs\ndates\nkiwis\nmangoes\nolives';
    expect(chunkText(fruit, { maxChars: 50, overlap: 12 })).toEqual([
      'apples\npears\nplums\ncherries\ngrapes\nlemons\nlimes',
      'lemons\nlimes\nmelons\npeaches\nfigs\ndates\nkiwis',
      'dates\nkiwis\nmangoes\nolives',
    ]);
  });

  it('repeats no word that would make the overlap more than twice as long', () => {
    const long = `intro ${'x'.repeat(30)} ${'y'.repeat(40)} end`;
    expect(chunkText(long, { maxChars: 60, overlap: 10 })).toEqual([
      `intro ${'x'.repeat(30)}`,
      `${'y'.repeat(40)} end`,
    ]);
  });

  /** The longest tail of `previous` that `next` starts with. */
  function sharedTail(previous: string, next: string): string {
    for (let length = Math.min(previous.length, next.length); length > 0; length -= 1) {
      if (previous.endsWith(next.slice(0, length))) return next.slice(0, length);
    }
    return '';
  }

  // Words of at most 9 UTF-16 units (6 of letters and emoji, then the word's number, which keeps
  // any stretch of the text from recurring), shorter than any overlap drawn: every chunk repeats some.
  const letters = fc
    .array(fc.constantFrom('a', 'é', '中', '😀', 'e\u0301', '𝄞', 'z'), {
      minLength: 1,
      maxLength: 3,
    })
    .map((parts) => parts.join(''));
  const separator = fc.constantFrom(' ', ' ', ' ', '. ', '\n', '.\n\n');
  const prose = fc
    .array(fc.tuple(letters, separator), { minLength: 80, maxLength: 200 })
    .map((pairs) => pairs.map(([word, sep], index) => `${word}${index}${sep}`).join(''));

  it('on random prose with emoji: every chunk repeats a whole-word tail of about `overlap` characters, and none is lost', () => {
    fc.assert(
      fc.property(
        prose,
        fc.integer({ min: 60, max: 150 }),
        fc.integer({ min: 12, max: 20 }),
        (source, maxChars, overlap) => {
          const chunks = chunkText(source, { maxChars, overlap });
          expect(chunks.length).toBeGreaterThan(1);
          let rebuilt = chunks[0] ?? '';
          for (const [index, chunk] of chunks.entries()) {
            expect(hasLoneSurrogate(chunk)).toBe(false);
            expect(chunk.length).toBeLessThanOrEqual(maxChars);
            expect(source).toContain(chunk);
            if (index === 0) continue;
            const previous = chunks[index - 1] ?? '';
            const tail = sharedTail(previous, chunk);
            expect(tail.length).toBeGreaterThanOrEqual(overlap / 2);
            expect(tail.length).toBeLessThanOrEqual(overlap * 2);
            expect(previous.slice(0, previous.length - tail.length)).toMatch(/\s$/u);
            rebuilt += chunk.slice(tail.length);
          }
          expect(rebuilt.replace(/\s/gu, '')).toBe(source.replace(/\s/gu, ''));
        },
      ),
      { seed: 47, numRuns: 200 },
    );
  });
});

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
