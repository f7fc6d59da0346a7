/**
 * The MATCH expression built from the model's query: terms only, each an FTS5 string, so no
 * character of the query is FTS5 syntax (the engine-level cases run in SqliteSearchStore.test.ts).
 */
import { fts5MatchExpression, MAX_QUERY_TERMS, quoteFts5 } from './fts5Query';

describe('fts5MatchExpression', () => {
  it.each([
    ['multi-agent', '"multi" OR "agent"'],
    ['@nasa', '"nasa"'],
    ["don't", '"don" OR "t"'],
    ['unbalanced "quote', '"unbalanced" OR "quote"'],
    ['NEAR(a b', '"near" OR "a" OR "b"'],
    ['col:x', '"col" OR "x"'],
    ['Refunds refunds REFUNDS', '"refunds"'],
  ])('turns %j into terms only', (query, expected) => {
    expect(fts5MatchExpression(query)).toBe(expected);
  });

  it('has no expression for a query without a word', () => {
    expect(fts5MatchExpression('')).toBeUndefined();
    expect(fts5MatchExpression('"( ) : * ^')).toBeUndefined();
  });

  it(`keeps the first ${MAX_QUERY_TERMS} distinct terms of a long query`, () => {
    const query = Array.from({ length: 2000 }, (_, i) => `w${i}`).join(' ');
    const expression = fts5MatchExpression(query)!;
    expect(expression.split(' OR ')).toHaveLength(MAX_QUERY_TERMS);
    expect(expression.startsWith('"w0" OR "w1"')).toBe(true);
  });

  it('doubles a quote inside a term', () => {
    expect(quoteFts5('say "hi"')).toBe('"say ""hi"""');
  });
});
