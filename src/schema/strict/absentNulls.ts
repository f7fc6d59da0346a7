/**
 * The way back from OpenAI's strict projection: there every optional property is required and
 * nullable, so a `null` the model sends for one means "not given". This removes such nulls from
 * an input (at every level, following the tool's full schema) before the registry checks it, so
 * the method sees the property absent (`undefined`), never `null`, unless its own schema (the
 * TypeScript type) takes `null`.
 */
import type { JsonSchema } from '../JsonSchema';
import { isJsonObject } from '../isJsonObject';
import { resolveRefs as resolve } from '../refs';
import type { SchemaDefs as Defs } from '../refs';
import { typesOf } from '../typesOf';

/** Whether the full schema itself takes `null` (then `null` is a value, not an absence). */
function takesNull(schema: JsonSchema, defs: Defs): boolean {
  const node = resolve(schema, defs);
  return (
    typesOf(node).includes('null') ||
    (Array.isArray(node.enum) && node.enum.includes(null)) ||
    node.const === null ||
    [...(node.anyOf ?? []), ...(node.oneOf ?? [])].some((branch) => takesNull(branch, defs))
  );
}

/** The object branch of a union that has every key the value has. */
function branchFor(value: Record<string, unknown>, node: JsonSchema, defs: Defs): JsonSchema {
  const branches = [...(node.anyOf ?? []), ...(node.oneOf ?? [])].map((b) => resolve(b, defs));
  const keys = Object.keys(value);
  return (
    branches.find((b) => b.properties && keys.every((k) => Object.hasOwn(b.properties!, k))) ?? node
  );
}

function strip(value: unknown, schema: JsonSchema, defs: Defs): unknown {
  const node = resolve(schema, defs);
  if (Array.isArray(value)) {
    const items = node.items;
    return items && typeof items === 'object' ? value.map((v) => strip(v, items, defs)) : value;
  }
  if (!isJsonObject(value)) return value;
  const shape = node.properties ? node : branchFor(value, node, defs);
  if (!shape.properties) return value;
  const required = new Set(shape.required ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const sub = Object.hasOwn(shape.properties, key) ? shape.properties[key] : undefined;
    if (!sub) out[key] = item;
    else if (item === null && !required.has(key) && !takesNull(sub, defs)) continue;
    else out[key] = strip(item, sub, defs);
  }
  return out;
}

/**
 * `input` without the `null`s that stand for absent optional properties (a new object; the
 * input is not changed).
 * @example
 * dropAbsentNulls({ note: null }, schema); // {} when `note?: string`
 */
export function dropAbsentNulls(
  input: Record<string, unknown>,
  schema: JsonSchema,
): Record<string, unknown> {
  return strip(input, schema, schema.$defs ?? {}) as Record<string, unknown>;
}
