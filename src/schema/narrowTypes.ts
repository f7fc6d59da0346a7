/**
 * Narrowing a property's JSON types to what its validators can pass, and keeping only the
 * keywords its types allow: the type arithmetic of the rule set (`propertyRules`), apart from
 * the rules themselves. `@Min` on `string | number` leaves `number`; `minLength` on an integer
 * is dropped.
 */
import type { JsonSchema, JsonSchemaType } from './JsonSchema';
import { allowsNull } from './nullable';

/** The keywords that constrain only values of one JSON type (so ajv strict wants that type). */
const KEYWORD_TYPES: Record<string, JsonSchemaType> = {
  minLength: 'string',
  maxLength: 'string',
  pattern: 'string',
  format: 'string',
  minimum: 'number',
  maximum: 'number',
  exclusiveMinimum: 'number',
  exclusiveMaximum: 'number',
  multipleOf: 'number',
  items: 'array',
  prefixItems: 'array',
  minItems: 'array',
  maxItems: 'array',
  uniqueItems: 'array',
  properties: 'object',
  required: 'object',
  additionalProperties: 'object',
  patternProperties: 'object',
  propertyNames: 'object',
  minProperties: 'object',
  maxProperties: 'object',
};

/**
 * The types `type` declares, or undefined when it declares none. Not `schema/typesOf`: here a
 * level without `type` (any type) differs from one whose decorators left no type at all (`[]`).
 */
export const declaredTypes = (schema: JsonSchema): JsonSchemaType[] | undefined =>
  schema.type === undefined ? undefined : Array.isArray(schema.type) ? schema.type : [schema.type];

/** `a ∩ b` of JSON types, where an integer is a number. */
function intersect(a: readonly JsonSchemaType[], b: readonly JsonSchemaType[]): JsonSchemaType[] {
  const out = new Set<JsonSchemaType>();
  for (const x of a) {
    for (const y of b) {
      if (x === y) out.add(x);
      else if ((x === 'integer' && y === 'number') || (x === 'number' && y === 'integer'))
        out.add('integer');
    }
  }
  return [...out];
}

const typeOfValue = (value: unknown): JsonSchemaType =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : (typeof value as JsonSchemaType);

const valueFits = (value: unknown, types: readonly JsonSchemaType[]): boolean =>
  intersect([typeOfValue(value)], types).length > 0;

/** A typed schema narrowed to `allowed`, or `undefined` when none of its types is left. */
function narrowTyped(
  schema: JsonSchema,
  allowed: readonly JsonSchemaType[],
): JsonSchema | undefined {
  const types = intersect(declaredTypes(schema) ?? [], allowed);
  if (types.length === 0) return undefined;
  const out: JsonSchema = { ...schema, type: types.length === 1 ? types[0] : types };
  if (schema.enum) out.enum = schema.enum.filter((value) => valueFits(value, types));
  return out;
}

/**
 * The level's type narrowed to `accepts` (keeping a `null` class-validator skips): a union's
 * branches of other types are dropped (`string | number` under `@Min` is `number`), and a level
 * without a type gets one.
 */
export function narrow(
  level: JsonSchema,
  accepts: readonly JsonSchemaType[],
  keepNull: boolean,
): JsonSchema {
  const allowed = keepNull && allowsNull(level) ? [...accepts, 'null' as const] : [...accepts];
  let current = level;
  if (current.type === undefined && current.anyOf) {
    const branches = current.anyOf
      .map((branch) => (declaredTypes(branch) ? narrowTyped(branch, allowed) : branch))
      .filter((branch): branch is JsonSchema => branch !== undefined);
    const { anyOf: _anyOf, ...rest } = current;
    if (branches.length === 1 && declaredTypes(branches[0])) return { ...rest, ...branches[0] };
    current = branches.length > 0 ? { ...rest, anyOf: branches } : rest;
  }
  if (current.type === undefined)
    return { ...current, type: allowed.length === 1 ? allowed[0] : allowed };
  return narrowTyped(current, allowed) ?? { ...current, type: [] };
}

/** Whether each keyword fits a type of the level; a keyword of a type the level lacks is dropped. */
export function fitting(
  level: JsonSchema,
  keywords: JsonSchema,
): { keywords: JsonSchema; untyped: boolean } {
  const types = declaredTypes(level);
  const out: JsonSchema = {};
  let untyped = false;
  for (const [key, value] of Object.entries(keywords)) {
    const needs = KEYWORD_TYPES[key];
    if (!needs) out[key] = value;
    else if (!types) untyped = true;
    else if (intersect(types, [needs]).length > 0) out[key] = value;
  }
  return { keywords: out, untyped };
}
