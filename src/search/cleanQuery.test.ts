/**
 * `cleanQuery`, the one rule every store applies to the model's query: characters an engine
 * refuses become spaces, the length is bounded at a code point, the rest is kept as written.
 */
import { hasLoneSurrogate } from '../text/cutAtCodePoint';
import { cleanQuery, MAX_QUERY_LENGTH } from './cleanQuery';

describe('cleanQuery', () => {
  it.each([
    ['NUL', 'refunds\u0000take', 'refunds take'],
    ['a bell and a DEL', 'a\u0007b\u007fc', 'a b c'],
    ['tabs and line breaks', 'a\tb\nc', 'a b c'],
    ['a high surrogate alone', 'x\ud83dy', 'x y'],
    ['a low surrogate alone', 'x\ude00y', 'x y'],
  ])('turns %s into spaces', (_label, query, cleaned) => {
    expect(cleanQuery(query)).toBe(cleaned);
  });

  it('keeps emoji, right-to-left text, CJK and query syntax as written', () => {
    const query = '😀 שלום きょうは "a" -b NEAR( col:x';
    expect(cleanQuery(query)).toBe(query);
  });

  it('cuts a long query at 10,000 units, never inside an emoji', () => {
    const cleaned = cleanQuery(`a${'😀'.repeat(6000)}`);
    expect(cleaned.length).toBe(MAX_QUERY_LENGTH - 1);
    expect(hasLoneSurrogate(cleaned)).toBe(false);
  });
});
