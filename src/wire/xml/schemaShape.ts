/**
 * Small readers over the JSON Schema subset toolwright emits: follow a local `$ref`, and tell
 * which JSON types a schema allows. Shared by the prompt renderer (which describes a schema in
 * words) and the coercion of the model's string values (which needs the target type).
 */
import type { JsonSchema, JsonSchemaType, JsonValue } from '../../schema/JsonSchema';

const MAX_REF_HOPS = 32;

/** Follows `#/$defs/...` (or `#/definitions/...`) references against the root schema. */
export function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema;
  for (let hop = 0; hop < MAX_REF_HOPS && typeof current.$ref === 'string'; hop++) {
    const target = lookupPointer(root, current.$ref);
    if (!target) return current;
    current = target;
  }
  return current;
}

function lookupPointer(root: JsonSchema, ref: string): JsonSchema | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node !== null && typeof node === 'object' ? (node as JsonSchema) : undefined;
}

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
