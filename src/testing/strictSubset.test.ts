import { checkStrictTools, strictSubsetProblems } from './strictSubset';

const closed = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

describe('strictSubsetProblems (the documented strict subsets)', () => {
  it('finds what Claude refuses: bounds, lengths, lookaround, minItems above 1, open objects, recursion', () => {
    const schema = {
      ...closed({
        n: { type: 'integer', maximum: 10 },
        s: { type: 'string', maxLength: 40, pattern: '^(?=a)\\w+\\b$' },
        list: { type: 'array', items: { type: 'string' }, minItems: 2 },
        open: { type: 'object', properties: {} },
        tree: { $ref: '#/$defs/Node' },
      }),
      $defs: { Node: closed({ children: { type: 'array', items: { $ref: '#/$defs/Node' } } }) },
    };
    expect(strictSubsetProblems(schema, 'anthropic')).toEqual([
      'input_schema.properties.n: keyword "maximum" is not supported',
      'input_schema.properties.s: keyword "maxLength" is not supported',
      'input_schema.properties.s: pattern has a lookahead or lookbehind',
      'input_schema.properties.s: pattern has a word boundary',
      'input_schema.properties.list: minItems must be 0 or 1',
      'input_schema.properties.open: objects must set additionalProperties to false',
      'input_schema: recursive schema ($defs/Node)',
    ]);
  });

  it('finds what OpenAI refuses: optional properties, unsupported formats, lengths', () => {
    const schema = closed(
      { url: { type: 'string', format: 'uri' }, name: { type: 'string', minLength: 1 } },
      ['url'],
    );
    expect(strictSubsetProblems(schema, 'openai')).toEqual([
      'input_schema: every property must be required; missing name',
      'input_schema.properties.url: format "uri" is not supported',
      'input_schema.properties.name: keyword "minLength" is not supported',
    ]);
  });

  it('passes a schema inside both subsets', () => {
    const schema = closed({ q: { type: 'string', pattern: '^ord_\\d+$', description: 'Order' } });
    expect(strictSubsetProblems(schema, 'anthropic')).toEqual([]);
    expect(strictSubsetProblems(schema, 'openai')).toEqual([]);
  });
});

describe('checkStrictTools (the request-level check of the scripted server)', () => {
  const tool = (name: string, input_schema: unknown, strict = true) => ({
    name,
    input_schema,
    strict,
  });

  it('names the first strict tool outside the subset, and ignores non-strict tools', () => {
    const bad = closed({ s: { type: 'string', maxLength: 3 } });
    expect(checkStrictTools([tool('a', bad, false), tool('b', bad)])).toBe(
      'tools.1.custom.input_schema.properties.s: keyword "maxLength" is not supported',
    );
    expect(checkStrictTools([tool('a', bad, false)])).toBeNull();
  });

  it('counts the per-request limits across strict tools', () => {
    const optional = closed(
      { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
      [],
    );
    const tools = Array.from({ length: 9 }, (_, i) => tool(`t${i}`, optional));
    expect(checkStrictTools(tools)).toBe(
      'tools: strict tools may have at most 24 optional parameters in total, got 27',
    );
    const many = Array.from({ length: 21 }, (_, i) => tool(`t${i}`, closed({})));
    expect(checkStrictTools(many)).toBe('tools: at most 20 strict tools per request, got 21');
  });
});
