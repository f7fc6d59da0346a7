import { strictSubsetProblems } from '../../testing/strictSubset';
import type { JsonSchema, ObjectSchema } from '../JsonSchema';
import { ISO8601_PATTERN } from '../formatPatterns';
import { projectStrictSchema, strictInputSchema } from './projectStrictSchema';
import type { StrictProvider } from './types';

const object = (
  properties: Record<string, JsonSchema>,
  required = Object.keys(properties),
): ObjectSchema => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

/** The projected schema of one property `x`, checked against the documented subset. */
function projected(property: JsonSchema, provider: StrictProvider): JsonSchema {
  const projection = projectStrictSchema(object({ x: property }), provider);
  if (!projection.strict) throw new Error(projection.reason);
  expect(strictSubsetProblems(projection.schema, provider)).toEqual([]);
  return projection.schema.properties!.x;
}

const description = (property: JsonSchema, provider: StrictProvider): string | undefined =>
  projected(property, provider).description;

describe('projectStrictSchema: what each keyword family says in the description', () => {
  it.each<[string, JsonSchema, StrictProvider, string]>([
    [
      'integer bounds',
      { type: 'integer', minimum: 1, maximum: 10 },
      'anthropic',
      'Constraints: an integer from 1 to 10.',
    ],
    [
      'exclusive bounds',
      { type: 'number', exclusiveMinimum: 0, maximum: 99.5 },
      'anthropic',
      'Constraints: a number greater than 0 and at most 99.5.',
    ],
    [
      'a lower bound alone',
      { type: 'integer', minimum: 0 },
      'anthropic',
      'Constraints: an integer at least 0.',
    ],
    [
      'multipleOf',
      { type: 'number', multipleOf: 0.01 },
      'anthropic',
      'Constraints: a multiple of 0.01.',
    ],
    [
      'maxLength',
      { type: 'string', maxLength: 40 },
      'anthropic',
      'Constraints: at most 40 characters.',
    ],
    [
      'minLength and maxLength',
      { type: 'string', minLength: 3, maxLength: 40 },
      'openai',
      'Constraints: from 3 to 40 characters.',
    ],
    [
      'an exact length',
      { type: 'string', minLength: 2, maxLength: 2 },
      'anthropic',
      'Constraints: exactly 2 characters.',
    ],
    [
      'a pattern with lookahead',
      { type: 'string', pattern: '^(?!ord_)\\w+$' },
      'anthropic',
      'Constraints: matches ^(?!ord_)\\w+$.',
    ],
    [
      'a pattern with a large count',
      { type: 'string', pattern: '^[a-z]{1,255}$' },
      'openai',
      'Constraints: matches ^[a-z]{1,255}$.',
    ],
    [
      'a pattern toolwright emits (in its own words)',
      { type: 'string', pattern: ISO8601_PATTERN },
      'openai',
      'Constraints: must be a valid ISO 8601 date string such as 2024-01-31, 2024-01-31T09:30Z or 2024-W05-3.',
    ],
    [
      'a format the grammar lacks',
      { type: 'string', format: 'uri' },
      'openai',
      'Constraints: a URI (such as https://example.com/path).',
    ],
    [
      'an unknown format',
      { type: 'string', format: 'iban' },
      'anthropic',
      'Constraints: in the "iban" format.',
    ],
    [
      'minItems above 1',
      { type: 'array', items: { type: 'string' }, minItems: 2 },
      'anthropic',
      'Constraints: at least 2 items.',
    ],
    [
      'maxItems',
      { type: 'array', items: { type: 'string' }, maxItems: 20 },
      'anthropic',
      'Constraints: at most 20 items.',
    ],
    [
      'uniqueItems',
      { type: 'array', items: { type: 'string' }, uniqueItems: true },
      'openai',
      'Constraints: no duplicate items.',
    ],
    [
      'default, under OpenAI',
      { type: 'string', default: 'celsius' },
      'openai',
      'Constraints: default "celsius".',
    ],
    [
      'an unknown keyword',
      { type: 'string', contentMediaType: 'text/html' },
      'anthropic',
      'Constraints: contentMediaType: "text/html".',
    ],
  ])('%s', (_, property, provider, text) => {
    expect(description(property, provider)).toBe(text);
  });

  it('appends the constraints to the property own description', () => {
    expect(
      description({ type: 'string', description: 'The name.', maxLength: 40 }, 'anthropic'),
    ).toBe('The name.\n\nConstraints: at most 40 characters.');
  });

  it('keeps what the grammar takes: simple patterns, supported formats, OpenAI numeric bounds', () => {
    expect(projected({ type: 'string', pattern: '^ord_\\d+$' }, 'anthropic')).toEqual({
      type: 'string',
      pattern: '^ord_\\d+$',
    });
    expect(projected({ type: 'string', format: 'email' }, 'anthropic')).toEqual({
      type: 'string',
      format: 'email',
    });
    expect(projected({ type: 'integer', minimum: 1, maximum: 10 }, 'openai')).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 10,
    });
    expect(
      projected({ type: 'array', items: { type: 'string' }, minItems: 3, maxItems: 5 }, 'openai'),
    ).toEqual({
      type: 'array',
      items: { type: 'string' },
      minItems: 3,
      maxItems: 5,
    });
  });

  it('keeps minItems 1 for Claude where a larger minimum is worded', () => {
    expect(
      projected({ type: 'array', items: { type: 'string' }, minItems: 3 }, 'anthropic'),
    ).toMatchObject({
      minItems: 1,
    });
  });

  it('folds constraint-only allOf members into the node', () => {
    const property: JsonSchema = {
      type: 'string',
      pattern: '^\\w+\\b',
      allOf: [{ pattern: '^(?!x)' }, { maxLength: 500 }],
    };
    expect(projected(property, 'anthropic')).toEqual({
      type: 'string',
      description: 'Constraints: at most 500 characters; matches ^\\w+\\b; matches ^(?!x).',
    });
  });
});

describe('projectStrictSchema: objects and optional properties', () => {
  const order = object(
    {
      sku: { type: 'string' },
      note: { type: 'string', maxLength: 200 },
      gift: { type: ['boolean', 'null'] },
      address: { $ref: '#/$defs/Address' },
    },
    ['sku'],
  );
  order.$defs = {
    Address: object({ city: { type: 'string' }, zip: { type: 'string' } }, ['city']),
  };

  it('Claude: optional properties stay optional, every object closed, $refs inlined', () => {
    const projection = projectStrictSchema(order, 'anthropic');
    expect(projection).toEqual({
      strict: true,
      schema: {
        type: 'object',
        properties: {
          sku: { type: 'string' },
          note: { type: 'string', description: 'Constraints: at most 200 characters.' },
          gift: { type: ['boolean', 'null'] },
          address: object({ city: { type: 'string' }, zip: { type: 'string' } }, ['city']),
        },
        required: ['sku'],
        additionalProperties: false,
      },
      stats: { optionalProperties: 4, unions: 1 },
    });
  });

  it('OpenAI: every property required, optional ones nullable (unless already)', () => {
    const projection = projectStrictSchema(order, 'openai');
    expect(projection.strict && projection.schema).toEqual({
      type: 'object',
      properties: {
        sku: { type: 'string' },
        note: { type: ['string', 'null'], description: 'Constraints: at most 200 characters.' },
        gift: { type: ['boolean', 'null'] },
        address: {
          type: ['object', 'null'],
          properties: { city: { type: 'string' }, zip: { type: ['string', 'null'] } },
          required: ['city', 'zip'],
          additionalProperties: false,
        },
      },
      required: ['sku', 'note', 'gift', 'address'],
      additionalProperties: false,
    });
  });

  it('OpenAI: an optional enum takes null as a value of the enum too', () => {
    const projection = projectStrictSchema(
      object({ unit: { type: 'string', enum: ['c', 'f'] } }, []),
      'openai',
    );
    expect(projection.strict && projection.schema.properties?.unit).toEqual({
      type: ['string', 'null'],
      enum: ['c', 'f', null],
    });
  });

  it('is computed once per schema object', () => {
    expect(strictInputSchema(order, 'anthropic')).toBe(strictInputSchema(order, 'anthropic'));
  });
});

describe('projectStrictSchema: what strict mode cannot take', () => {
  const tree = object({ root: { $ref: '#/$defs/Node' } });
  tree.$defs = {
    Node: object(
      { label: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
      ['label'],
    ),
  };

  it('a recursive type is not strict for Claude, with the reason and where', () => {
    expect(projectStrictSchema(tree, 'anthropic')).toEqual({
      strict: false,
      reason: 'root: recursive type "Node" (strict tools cannot refer back to an enclosing type)',
    });
  });

  it('a recursive type is strict for OpenAI, through $defs', () => {
    const projection = projectStrictSchema(tree, 'openai');
    expect(projection.strict).toBe(true);
    if (!projection.strict) return;
    expect(strictSubsetProblems(projection.schema, 'openai')).toEqual([]);
    expect(projection.schema.$defs?.Node.properties?.children).toEqual({
      type: ['array', 'null'],
      items: { $ref: '#/$defs/Node' },
    });
  });

  it.each<[string, JsonSchema, string]>([
    [
      'a record',
      { type: 'object', additionalProperties: { type: 'number' } },
      'x: an object with free-form keys',
    ],
    ['any', {}, 'x: a value of any type (any or unknown)'],
    ['a tuple', { type: 'array', prefixItems: [{ type: 'string' }], items: false }, 'x: a tuple'],
    ['an object enum', { enum: [{ a: 1 }] }, 'x: an enum with object or array values'],
  ])('%s is not strict', (_, property, reason) => {
    for (const provider of ['anthropic', 'openai'] as const) {
      const projection = projectStrictSchema(object({ x: property }), provider);
      expect(projection.strict).toBe(false);
      expect(!projection.strict && projection.reason).toContain(reason);
    }
  });
});

describe('projectStrictSchema: any JSON Schema that arrives', () => {
  it('says the type of a shape written without one, and never changes its input', () => {
    const property: JsonSchema = {
      properties: { a: { type: 'string', maxLength: 3 } },
      required: ['a'],
      additionalProperties: false,
    };
    const before = JSON.stringify(property);
    expect(projected(property, 'anthropic')).toEqual({
      type: 'object',
      properties: { a: { type: 'string', description: 'Constraints: at most 3 characters.' } },
      required: ['a'],
      additionalProperties: false,
    });
    expect(JSON.stringify(property)).toBe(before);
  });
});
