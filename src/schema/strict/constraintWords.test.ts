import type { JsonSchema } from '../JsonSchema';
import { constraintWords, describeDropped, WORDED_KEYWORDS } from './constraintWords';

/** Each keyword the table words, alone on a node, and the words it must produce. */
const CASES: Record<string, [JsonSchema, string]> = {
  minimum: [{ type: 'number', minimum: 0 }, 'a number at least 0'],
  maximum: [{ type: 'integer', maximum: 10 }, 'an integer at most 10'],
  exclusiveMinimum: [{ type: 'number', exclusiveMinimum: 0 }, 'a number greater than 0'],
  exclusiveMaximum: [{ type: 'number', exclusiveMaximum: 100 }, 'a number less than 100'],
  multipleOf: [{ type: 'number', multipleOf: 5 }, 'a multiple of 5'],
  minLength: [{ type: 'string', minLength: 3 }, 'at least 3 characters'],
  maxLength: [{ type: 'string', maxLength: 1 }, 'at most 1 character'],
  format: [{ type: 'string', format: 'email' }, 'an email address'],
  pattern: [{ type: 'string', pattern: '^a+$' }, 'matches ^a+$'],
  minItems: [{ type: 'array', minItems: 2 }, 'at least 2 items'],
  maxItems: [{ type: 'array', maxItems: 4 }, 'at most 4 items'],
  uniqueItems: [{ type: 'array', uniqueItems: true }, 'no duplicate items'],
  minProperties: [{ type: 'object', minProperties: 1 }, 'at least 1 property'],
  maxProperties: [{ type: 'object', maxProperties: 3 }, 'at most 3 properties'],
  oneOf: [{ oneOf: [{ type: 'string' }, { type: 'number' }] }, 'exactly one of the alternatives'],
  default: [{ type: 'string', default: 'eur' }, 'default "eur"'],
  examples: [{ type: 'string', examples: ['a', 'b'] }, 'for example "a", "b"'],
  deprecated: [{ type: 'string', deprecated: true }, 'deprecated'],
};

describe('constraintWords: each keyword of the table, alone', () => {
  it('has a case here for every keyword the table words', () => {
    expect(Object.keys(CASES).sort()).toEqual([...WORDED_KEYWORDS].sort());
  });

  it.each(Object.entries(CASES))('%s reads as its own words', (keyword, [node, words]) => {
    const dropped = { [keyword]: node[keyword] };
    expect(constraintWords(dropped, node)).toEqual([words]);
    const line = describeDropped(undefined, constraintWords(dropped, node));
    expect(line).toBe(`Constraints: ${words}.`);
    // No dangling word or punctuation: nothing blank before a mark, no doubled space.
    expect(line).not.toMatch(/\s[.;,]|\s{2}|\s$/);
  });

  it('a keyword outside the table reads as keyword and JSON', () => {
    expect(constraintWords({ contains: { type: 'string' } }, {})).toEqual([
      'contains: {"type":"string"}',
    ]);
  });
});

describe('constraintWords: the bounds of a range, together', () => {
  const node: JsonSchema = { type: 'integer' };
  const BOUNDS = { minimum: -50, maximum: 100, exclusiveMinimum: -60, exclusiveMaximum: 0 };

  it('reads an inclusive pair as "from … to …"', () => {
    expect(constraintWords({ minimum: -50, maximum: 100 }, node)).toEqual([
      'an integer from -50 to 100',
    ]);
  });

  it('keeps an exclusive bound beside an inclusive pair', () => {
    expect(constraintWords({ minimum: -50, maximum: 100, exclusiveMaximum: 0 }, node)).toEqual([
      'an integer at least -50 and at most 100 and less than 0',
    ]);
    expect(constraintWords({ minimum: -50, maximum: 100, exclusiveMinimum: -60 }, node)).toEqual([
      'an integer at least -50 and greater than -60 and at most 100',
    ]);
  });

  it('words every bound of every combination', () => {
    const keys = Object.keys(BOUNDS) as (keyof typeof BOUNDS)[];
    for (let mask = 1; mask < 1 << keys.length; mask++) {
      const present = keys.filter((_, bit) => mask & (1 << bit));
      const dropped = Object.fromEntries(present.map((key) => [key, BOUNDS[key]]));
      const [words] = constraintWords(dropped, node);
      for (const key of present) expect(words.split(' ')).toContain(String(BOUNDS[key]));
    }
  });
});
