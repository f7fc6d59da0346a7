import type { JsonSchema } from '../../schema/JsonSchema';
import { describeConstraints, STATED_KEYWORDS } from './describeSchema';

/** Each keyword of the bounds table, alone on a node, and the sentence the legacy prompt gives it. */
const CASES: Record<string, [JsonSchema, string]> = {
  minimum: [{ type: 'number', minimum: 0 }, 'Must be at least 0.'],
  exclusiveMinimum: [{ type: 'number', exclusiveMinimum: 0 }, 'Must be greater than 0.'],
  maximum: [{ type: 'number', maximum: 10 }, 'Must be at most 10.'],
  exclusiveMaximum: [{ type: 'number', exclusiveMaximum: 100 }, 'Must be less than 100.'],
  multipleOf: [{ type: 'number', multipleOf: 5 }, 'Must be a multiple of 5.'],
  minLength: [{ type: 'string', minLength: 3 }, 'Must be at least 3 characters.'],
  maxLength: [{ type: 'string', maxLength: 1 }, 'Must be at most 1 character.'],
  pattern: [{ type: 'string', pattern: '^a+$' }, 'Must be a string matching the pattern ^a+$.'],
  format: [{ type: 'string', format: 'email' }, 'Must be in email format.'],
  minItems: [{ type: 'array', minItems: 2 }, 'Must be at least 2 items.'],
  maxItems: [{ type: 'array', maxItems: 4 }, 'Must be at most 4 items.'],
  uniqueItems: [{ type: 'array', uniqueItems: true }, 'Must be items unique.'],
  minProperties: [{ type: 'object', minProperties: 1 }, 'Must be at least 1 property.'],
  maxProperties: [{ type: 'object', maxProperties: 3 }, 'Must be at most 3 properties.'],
};

describe('describeConstraints: each bound keyword, alone', () => {
  it('has a case here for every keyword the table states', () => {
    expect(Object.keys(CASES).sort()).toEqual([...STATED_KEYWORDS].sort());
  });

  it.each(Object.entries(CASES))('%s reads as its own sentence', (_keyword, [node, sentence]) => {
    const text = describeConstraints(node, node);
    expect(text).toBe(sentence);
    expect(text).not.toMatch(/\s[.;,]|\s{2}|\s$/);
  });
});
