import type { ObjectSchema } from '../../schema/JsonSchema';
import { coerceParameters } from './coerceParameters';
import { parseFunctionCalls } from './parseFunctionCalls';

const schema: ObjectSchema = {
  type: 'object',
  properties: {
    a: { type: 'number' },
    n: { type: 'integer' },
    flag: { type: 'boolean' },
    maybe: { type: ['string', 'null'] },
    name: { type: 'string' },
    ids: { type: 'array', items: { type: 'integer' } },
    tags: { type: 'array', items: { type: 'string' } },
    address: {
      type: 'object',
      properties: { street: { type: 'string' }, zip: { type: 'integer' } },
      additionalProperties: false,
    },
    points: { type: 'array', items: { $ref: '#/$defs/Point' } },
    level: { enum: [1, 2, 3] },
    free: {},
  },
  additionalProperties: false,
  $defs: {
    Point: { type: 'object', properties: { x: { type: 'number' } }, additionalProperties: false },
  },
};

function coerce(parameters: string): Record<string, unknown> {
  const [invoke] = parseFunctionCalls(
    `<function_calls><invoke><tool_name>t</tool_name><parameters>${parameters}</parameters></invoke>`,
  ).invokes;
  if (invoke.error) throw new Error(invoke.error);
  return coerceParameters(invoke.parameters, schema);
}

describe('coerceParameters', () => {
  it('turns numbers, integers, booleans and null into JSON values', () => {
    expect(
      coerce('<a>7.5</a><n> 42 </n><flag>True</flag><maybe>null</maybe><level>2</level>'),
    ).toEqual({
      a: 7.5,
      n: 42,
      flag: true,
      maybe: null,
      level: 2,
    });
  });

  it('keeps strings as written, but for the layout newlines', () => {
    expect(coerce('<name>\n  007 &amp; co  \n</name>')).toEqual({ name: '  007 & co  ' });
    expect(coerce('<name>42</name>')).toEqual({ name: '42' });
  });

  it('leaves a value that does not fit as written, for the registry to reject', () => {
    expect(coerce('<a>seven</a><n>1.5x</n><flag>yes</flag><ids>[1, 2</ids>')).toEqual({
      a: 'seven',
      n: '1.5x',
      flag: 'yes',
      ids: '[1, 2',
    });
  });

  it('reads arrays and objects written as JSON', () => {
    expect(
      coerce('<ids>[1, 2, 3]</ids><address>{"street": "Main", "zip": 12345}</address>'),
    ).toEqual({
      ids: [1, 2, 3],
      address: { street: 'Main', zip: 12345 },
    });
  });

  it('reads arrays and objects written as nested elements, coercing each item', () => {
    expect(
      coerce(
        '<ids><item>1</item><item>2</item></ids><address><street>Main</street><zip>12345</zip></address>' +
          '<points><point><x>1.5</x></point><point><x>-2</x></point></points>',
      ),
    ).toEqual({
      ids: [1, 2],
      address: { street: 'Main', zip: 12345 },
      points: [{ x: 1.5 }, { x: -2 }],
    });
  });

  it('reads a parameter written several times as the items of an array', () => {
    expect(coerce('<tags>a</tags><tags>b</tags><ids>1</ids><ids>2</ids>')).toEqual({
      tags: ['a', 'b'],
      ids: [1, 2],
    });
  });

  it('keeps unknown and dangerous names as own properties for the registry to reject', () => {
    const input = coerce('<extra>1</extra><__proto__>{"polluted": true}</__proto__>');
    expect(Object.keys(input)).toEqual(['extra', '__proto__']);
    expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('reads untyped values as JSON when they are, else as text', () => {
    expect(coerce('<free>{"k": [1]}</free>')).toEqual({ free: { k: [1] } });
    expect(coerce('<free>plain</free>')).toEqual({ free: 'plain' });
  });
});
