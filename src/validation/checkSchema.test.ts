import type { JsonSchema } from '../schema/JsonSchema';
import { dateTimeSchema, URL_SHAPE_PATTERN } from '../schema/formatPatterns';
import { matchesKeywords } from '../schema/matchesPattern';
import { checkSchema } from './checkSchema';

const shape: JsonSchema = {
  anyOf: [
    {
      type: 'object',
      properties: { kind: { const: 'circle' }, r: { type: 'number', exclusiveMinimum: 0 } },
      required: ['kind', 'r'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: { kind: { const: 'square' }, side: { type: 'number' } },
      required: ['kind', 'side'],
      additionalProperties: false,
    },
  ],
};

describe('checkSchema', () => {
  it('accepts a value matching one branch of a union', () => {
    expect(checkSchema({ kind: 'circle', r: 2 }, shape, 'shape')).toEqual([]);
    expect(checkSchema({ kind: 'square', side: 2 }, shape, 'shape')).toEqual([]);
  });

  it("names the closest branch's problems when no branch matches", () => {
    expect(checkSchema({ kind: 'circle', r: 0 }, shape, 'shape')).toEqual([
      'shape: shape must match one of 2 allowed shapes: an object with kind "circle" and r, or an object with kind "square" and side',
      'shape.r: r must be greater than 0',
    ]);
  });

  it('names each branch of a union a value matches none of, not only the closest', () => {
    const key: JsonSchema = {
      anyOf: [
        { type: 'string' },
        {
          type: 'object',
          properties: { id: { type: 'integer' }, region: { type: 'string' } },
          required: ['id', 'region'],
          additionalProperties: false,
        },
      ],
    };
    expect(checkSchema(true, key, 'key')).toEqual([
      'key: key must match one of 2 allowed shapes: a string, or an object with id and region',
      'key: key must be a string',
    ]);
    const many: JsonSchema = {
      oneOf: [
        { type: ['integer', 'null'] },
        { enum: ['fast', 'slow'] },
        { $ref: '#/$defs/Point' },
        { const: 'x'.repeat(60) },
        { type: 'array' },
        { type: 'boolean' },
        { type: 'object' },
      ],
    };
    const defs = { Point: { type: 'object', properties: { x: {}, y: {} } } as JsonSchema };
    expect(checkSchema('other', many, 'mode', defs)[0]).toBe(
      `mode: mode must match one of 7 allowed shapes: an integer number or null, or one of "fast" and "slow", or an object with x and y, or "${'x'.repeat(38)}…, or an array, or 2 more`,
    );
  });

  it('checks tuples, records, nullables and $ref recursion', () => {
    const tree: JsonSchema = {
      type: 'object',
      properties: {
        value: { type: 'integer' },
        children: { type: 'array', items: { $ref: '#/$defs/Node' } },
      },
      required: ['value'],
      additionalProperties: false,
    };
    const defs = { Node: tree };
    expect(
      checkSchema(
        { value: 1, children: [{ value: 2, children: [{ value: 3 }] }] },
        tree,
        'root',
        defs,
      ),
    ).toEqual([]);
    expect(
      checkSchema(
        { value: 1, children: [{ value: 2, children: [{ value: 'x' }] }] },
        tree,
        'root',
        defs,
      ),
    ).toEqual(['root.children[0].children[0].value: value must be an integer number']);
    const pair: JsonSchema = {
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
      minItems: 2,
    };
    expect(checkSchema(['a', 1], pair, 'pair')).toEqual([]);
    expect(checkSchema(['a', 1, 2], pair, 'pair')).toEqual([
      'pair[2]: pair is beyond the 2 allowed elements',
    ]);
    const record: JsonSchema = { type: 'object', additionalProperties: { type: 'number' } };
    expect(checkSchema({ a: 1, b: 'x' }, record, 'scores')).toEqual([
      'scores.b: b must be a number',
    ]);
    expect(checkSchema(null, { type: ['string', 'null'] }, 'note')).toEqual([]);
  });

  it('patternProperties: keys matching a pattern take its schema; others stay closed', () => {
    const ids: JsonSchema = {
      type: 'object',
      properties: { total: { type: 'number' } },
      patternProperties: { '^id_.*$': { type: 'string' } },
      additionalProperties: false,
    };
    expect(checkSchema({ total: 1, id_a: 'x', id_b: 'y' }, ids, 'ids')).toEqual([]);
    expect(checkSchema({ id_a: 2, other: 'x' }, ids, 'ids')).toEqual([
      'ids.id_a: id_a must be a string',
      'ids.other: property other should not exist',
    ]);
  });

  it('words constraint failures like class-validator', () => {
    expect(checkSchema('abc', { type: 'string', minLength: 5, pattern: '^\\d+$' }, 'code')).toEqual(
      [
        'code: code must be longer than or equal to 5 characters',
        'code: code must match /^\\d+$/ regular expression',
      ],
    );
    expect(checkSchema(7, { enum: [1, 2] }, 'n')).toEqual([
      'n: n must be one of the following values: 1, 2',
    ]);
    expect(
      checkSchema(
        {},
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        '',
      ),
    ).toEqual(['a: a is required']);
  });

  // Found by the agreement test's email family: isEmail measures UTF-8 bytes through encodeURI,
  // which throws on a lone surrogate, so registry.check() rejected its promise instead of answering.
  it('refuses an email with a lone surrogate instead of throwing', () => {
    expect(checkSchema('\uD800@x.com', { type: 'string', format: 'email' }, 'to')).toEqual([
      'to: to must be an email',
    ]);
    expect(checkSchema('\u00E9@x.com', { format: 'email' }, 'to')).toEqual([]);
  });

  describe('the patterns toolwright emits are worded, not printed', () => {
    it('a Date: the format message alone when the text is no date-time at all', () => {
      expect(checkSchema('next tuesday', dateTimeSchema(), 'at')).toEqual([
        'at: at must be a full ISO 8601 date-time such as 2024-01-31T09:30:00Z (a date alone is not one)',
      ]);
    });

    it('a Date: what is wanted when the format holds but no Date can be made (a leap second)', () => {
      expect(checkSchema('2016-12-31T23:59:60Z', dateTimeSchema(), 'at')).toEqual([
        'at: at must be a valid ISO 8601 date-time string such as 2024-01-31T09:30:00Z ' +
          '(an upper-case T, seconds below 60, an offset of Z or ±hh:mm)',
      ]);
    });

    it('lengths count code points, as JSON Schema does: an emoji is one, a variation selector one more', () => {
      const schema = { type: 'string' as const, minLength: 2, maxLength: 4 };
      expect(checkSchema('abcde', schema, 'code')).toEqual([
        'code: code must be shorter than or equal to 4 characters',
      ]);
      expect(checkSchema('a', schema, 'code')).toEqual([
        'code: code must be longer than or equal to 2 characters',
      ]);
      expect(checkSchema('\u{1F600}\u{1F600}', schema, 'code')).toEqual([]);
      expect(checkSchema('\u2764\uFE0F', { maxLength: 1 }, 'code')).toEqual([
        'code: code must be shorter than or equal to 1 characters',
      ]);
    });

    it("@Matches' astral guard", () => {
      const schema = { type: 'string' as const, ...matchesKeywords(/^.{1,3}$/, undefined) };
      expect(checkSchema('\u{1F600}', schema, 'name')).toEqual([
        'name: name must not contain emoji or other characters beyond U+FFFF',
      ]);
    });

    it('@IsUrl: what no isURL accepts', () => {
      const schema = { type: 'string' as const, pattern: URL_SHAPE_PATTERN };
      expect(checkSchema('not a url', schema, 'site')).toEqual([
        'site: site must be a URL address (no spaces, < or >)',
      ]);
    });
  });
});
