import type { JsonSchema } from '../../schema/JsonSchema';
import { constraintWords, WORDED_KEYWORDS } from '../../schema/strict/constraintWords';
import { describeConstraints } from './describeSchema';

/** A node with each keyword of the one words table alone (oneOf is described as shapes). */
const NODES: Record<string, JsonSchema> = {
  minimum: { type: 'number', minimum: 0 },
  exclusiveMinimum: { type: 'number', exclusiveMinimum: 0 },
  maximum: { type: 'integer', maximum: 10 },
  exclusiveMaximum: { type: 'number', exclusiveMaximum: 100 },
  multipleOf: { type: 'number', multipleOf: 5 },
  minLength: { type: 'string', minLength: 3 },
  maxLength: { type: 'string', maxLength: 1 },
  pattern: { type: 'string', pattern: '^a+$' },
  format: { type: 'string', format: 'email' },
  minItems: { type: 'array', minItems: 2 },
  maxItems: { type: 'array', maxItems: 4 },
  uniqueItems: { type: 'array', uniqueItems: true },
  minProperties: { type: 'object', minProperties: 1 },
  maxProperties: { type: 'object', maxProperties: 3 },
  default: { type: 'string', default: 'eur' },
  examples: { type: 'string', examples: ['a', 'b'] },
  deprecated: { type: 'string', deprecated: true },
};

describe('describeConstraints: each keyword of the words table, alone', () => {
  it('has a case here for every keyword the table words, but oneOf', () => {
    const worded = [...WORDED_KEYWORDS].filter((keyword) => keyword !== 'oneOf');
    expect(Object.keys(NODES).sort()).toEqual(worded.sort());
  });

  it.each(Object.entries(NODES))('%s reads in the table’s words', (keyword, node) => {
    const [words] = constraintWords({ [keyword]: node[keyword] }, node);
    expect(words).toBeTruthy();
    const text = describeConstraints(node, node);
    expect(text).toBe(`Constraints: ${words}.`);
    expect(text).not.toMatch(/\s[.;,]|\s{2}|\s$/);
  });

  it('words an email format as the strict projection does', () => {
    expect(describeConstraints(NODES.format, NODES.format)).toBe('Constraints: an email address.');
  });
});
