/** The per-file schema cache hands out copies: what one tool adds to its schema never leaks into another's. */
import type { ts } from '../typescript';
import type { JsonSchema } from '../../src/schema/JsonSchema';
import { SchemaCache } from './SchemaCache';

const type = {} as ts.Type;

function withProtoProperty(): JsonSchema {
  const properties: Record<string, JsonSchema> = { name: { type: 'string' } };
  Object.defineProperty(properties, '__proto__', {
    value: { type: 'number' },
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return { type: 'object', properties, required: ['name'], additionalProperties: false };
}

describe('SchemaCache', () => {
  it('keeps what was set, whatever the builder or a reader changes afterwards', () => {
    const cache = new SchemaCache();
    const built = withProtoProperty();
    cache.set(type, 'input', undefined, built);
    (built.properties!.name as JsonSchema).description = 'added by the first tool';
    const first = cache.get(type, 'input')!;
    first.required!.push('other');
    expect(cache.get(type, 'input')).toEqual(withProtoProperty());
    expect(cache.get(type, 'output')).toBeUndefined();
  });

  it('copies a "__proto__" property as a property, not as a prototype', () => {
    const cache = new SchemaCache();
    cache.set(type, 'input', undefined, withProtoProperty());
    const properties = cache.get(type, 'input')!.properties!;
    expect(Object.keys(properties)).toEqual(['name', '__proto__']);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(properties, '__proto__')?.value).toEqual({
      type: 'number',
    });
  });
});
