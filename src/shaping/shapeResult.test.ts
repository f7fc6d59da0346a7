/**
 * `shapeResult` on the shapes codegen writes: closed objects at every depth, arrays and tuples,
 * `$ref`s (recursive ones too), unions (the branch the value matches), records and pattern keys;
 * class-transformer's `@Exclude()`/`@Expose()` without a schema; and what it leaves alone
 * (scalars, content blocks, a `withText()` value's text).
 */
import { Exclude, Expose } from 'class-transformer';
import { toolContent } from '../content/toolContent';
import { textOf, withText } from '../content/withText';
import type { JsonSchema } from '../schema/JsonSchema';
import { shapeResult } from './shapeResult';

const closed = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

describe('shapeResult', () => {
  it('applies @Exclude() to an instance deep inside plain objects and arrays, with no schema', () => {
    class Account {
      id = 'acc-1';
      @Exclude()
      passwordHash = 'secret-hash';
    }
    const value = { page: 1, items: [{ account: new Account() }] };
    expect(shapeResult(value, undefined).value).toEqual({
      page: 1,
      items: [{ account: { id: 'acc-1' } }],
    });
    expect(JSON.stringify(shapeResult(value, undefined).value)).not.toContain('secret-hash');
  });

  it('drops undeclared properties at every depth, in arrays and through recursive $refs', () => {
    const schema: JsonSchema = {
      $ref: '#/$defs/Folder',
      $defs: {
        Folder: closed({
          id: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/$defs/Folder' } },
        }),
      },
    };
    const value = {
      id: 'root',
      owner: 'x',
      children: [{ id: 'a', children: [{ id: 'b', children: [], acl: 1 }], acl: 2 }],
    };
    expect(shapeResult(value, schema)).toEqual({
      value: { id: 'root', children: [{ id: 'a', children: [{ id: 'b', children: [] }] }] },
      dropped: ['owner', 'children[].children[].acl', 'children[].acl'],
    });
  });

  it('keeps the union branch the value matches, and what a record or a pattern allows', () => {
    const schema: JsonSchema = closed({
      shape: {
        anyOf: [
          closed({ kind: { const: 'circle' }, r: { type: 'number' } }),
          closed({ kind: { const: 'square' }, side: { type: 'number' } }),
        ],
      },
      counts: { type: 'object', additionalProperties: { type: 'number' } },
      tags: {
        type: 'object',
        patternProperties: { '^x-': closed({ v: { type: 'string' } }) },
        additionalProperties: false,
      },
    });
    const value = {
      shape: { kind: 'square', side: 2, cost: 9 },
      counts: { a: 1, b: 2 },
      tags: { 'x-a': { v: 'k', hidden: true }, other: 1 },
    };
    expect(shapeResult(value, schema)).toEqual({
      value: {
        shape: { kind: 'square', side: 2 },
        counts: { a: 1, b: 2 },
        tags: { 'x-a': { v: 'k' } },
      },
      dropped: ['shape.cost', 'tags.x-a.hidden', 'tags.other'],
    });
  });

  it('honours @Exclude() and a class-level @Exclude() with @Expose(), with or without a schema', () => {
    class User {
      id = 'u1';
      @Exclude() passwordHash = 'h';
    }
    @Exclude()
    class Card {
      @Expose() id = 'c1';
      internalCost = 3;
    }
    expect(shapeResult(new User(), undefined)).toEqual({ value: { id: 'u1' }, dropped: [] });
    expect(shapeResult([new Card()], undefined)).toEqual({ value: [{ id: 'c1' }], dropped: [] });
  });

  it('leaves scalars, dates and content blocks alone, and keeps a withText() value its text', () => {
    const schema = closed({ id: { type: 'string' } });
    const date = new Date(0);
    expect(shapeResult('text', schema).value).toBe('text');
    expect(shapeResult(date, { type: 'string' }).value).toBe(date);
    const content = toolContent({ type: 'text', text: 'hi' });
    expect(shapeResult(content, undefined).value).toBe(content);
    const shaped = shapeResult(withText({ id: 'a', secret: 's' }, 'A table'), schema);
    expect(shaped.value).toEqual({ id: 'a' });
    expect(textOf(shaped.value)).toBe('A table');
  });
});
