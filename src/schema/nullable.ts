/**
 * `null` in a schema: whether a schema lets it through, and `schema | null`. Shared by the rule
 * set (a nested DTO typed `X | null` keeps its `null`) and codegen's type mapping.
 */
import type { JsonSchema, JsonSchemaType } from './JsonSchema';

/** True when the schema allows `null` (`T | null` in any of the shapes toolwright writes). */
export function allowsNull(schema: JsonSchema): boolean {
  if (schema.type === 'null') return true;
  if (Array.isArray(schema.type)) return schema.type.includes('null');
  if (schema.enum) return schema.enum.includes(null);
  if (schema.anyOf) return schema.anyOf.some(allowsNull);
  return false;
}

/** `schema | null`. */
export function withNull(schema: JsonSchema): JsonSchema {
  if (schema.anyOf) return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  if (typeof schema.type === 'string') {
    const out: JsonSchema = { ...schema, type: [schema.type, 'null'] };
    if (schema.enum) out.enum = [...schema.enum, null];
    return out;
  }
  if (Array.isArray(schema.type)) {
    const out: JsonSchema = {
      ...schema,
      type: [...new Set<JsonSchemaType>([...schema.type, 'null'])],
    };
    if (schema.enum) out.enum = [...schema.enum, null];
    return out;
  }
  if (Object.keys(schema).length === 0) return schema;
  return { anyOf: [schema, { type: 'null' }] };
}
