/**
 * Small readers over the JSON Schema subset toolwright emits: follow a local `$ref` (as
 * `schema/refs.ts` defines it), and tell which JSON types a schema allows. Shared by the prompt
 * renderer (which describes a schema in words) and the coercion of the model's string values
 * (which needs the target type).
 */
import type { JsonSchema, JsonSchemaType, JsonValue } from '../../schema/JsonSchema';
import { resolveRefs } from '../../schema/refs';

/** Follows `#/$defs/...` references against the root schema's `$defs`. */
export const resolveRef = (schema: JsonSchema, root: JsonSchema): JsonSchema =>
  resolveRefs(schema, root.$defs ?? {});

/** The JSON type of a value, as JSON Schema names it. */
export function jsonTypeOf(value: JsonValue | undefined): JsonSchemaType | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'object':
      return 'object';
    default:
      return undefined;
  }
}

/** Every JSON type the schema allows, in a stable order; empty when the schema says nothing. */
export function allowedTypes(
  schema: JsonSchema | undefined,
  root: JsonSchema,
  depth = 0,
): JsonSchemaType[] {
  if (!schema || depth > 8) return [];
  const resolved = resolveRef(schema, root);
  const found = new Set<JsonSchemaType>();
  if (Array.isArray(resolved.type)) resolved.type.forEach((type) => found.add(type));
  else if (resolved.type) found.add(resolved.type);
  else if (resolved.const !== undefined) addType(found, jsonTypeOf(resolved.const));
  else if (Array.isArray(resolved.enum))
    resolved.enum.forEach((value) => addType(found, jsonTypeOf(value)));
  else if (resolved.properties || resolved.additionalProperties !== undefined) found.add('object');
  else if (resolved.items !== undefined || resolved.prefixItems) found.add('array');
  for (const branch of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]) {
    allowedTypes(branch, root, depth + 1).forEach((type) => found.add(type));
  }
  for (const branch of resolved.allOf ?? []) {
    allowedTypes(branch, root, depth + 1).forEach((type) => found.add(type));
  }
  return TYPE_ORDER.filter((type) => found.has(type));
}

const TYPE_ORDER: readonly JsonSchemaType[] = [
  'string',
  'integer',
  'number',
  'boolean',
  'array',
  'object',
  'null',
];

function addType(found: Set<JsonSchemaType>, type: JsonSchemaType | undefined): void {
  if (type) found.add(type);
}

/** The branches of an `anyOf`/`oneOf`, or the schema itself when it has none. */
export function branchesOf(schema: JsonSchema, root: JsonSchema): JsonSchema[] {
  const resolved = resolveRef(schema, root);
  const branches = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])];
  return branches.length ? branches.map((branch) => resolveRef(branch, root)) : [resolved];
}
