/**
 * Drops what a tool's output schema does not declare, at every depth and in arrays: a closed
 * object keeps its declared (and pattern-matched) properties only, and each kept value is pruned
 * by its own schema, and a class instance is turned plain as the walk reaches it (`plainData`). A union keeps the first branch the pruned value matches (else only what some
 * branch declares). Apart from `validation/dropUnknown`, which prunes input before the gate: here
 * the dropped paths are reported, so the developer hears which fields never left.
 */
import type { JsonSchema } from '../schema/JsonSchema';
import { resolveRefs } from '../schema/refs';
import type { SchemaDefs } from '../schema/refs';
import { checkSchema } from '../validation/checkSchema';
import { plainNode, plainTree, put } from './plainData';

/** What pruning produced: the value, and the paths (`items[].secret`) it dropped. */
export interface Pruned {
  value: unknown;
  dropped: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/** The schemas a property of `schema` answers to: its own, a matching pattern's, or the extras'. */
function propertySchemas(schema: JsonSchema, key: string): JsonSchema[] | 'undeclared' | 'open' {
  const own = schema.properties && Object.hasOwn(schema.properties, key);
  const found: JsonSchema[] = [];
  if (own) found.push(schema.properties![key]!);
  for (const [pattern, sub] of Object.entries(schema.patternProperties ?? {}))
    if (new RegExp(pattern, 'u').test(key)) found.push(sub);
  for (const part of schema.allOf ?? []) {
    const sub = part.properties?.[key] ?? part.then?.properties?.[key];
    if (sub) found.push(sub);
  }
  if (found.length) return found;
  const extra = schema.additionalProperties;
  if (extra === false) return 'undeclared';
  return extra && typeof extra === 'object' ? [extra] : 'open';
}

function pruneObject(
  value: Record<string, unknown>,
  schema: JsonSchema,
  defs: SchemaDefs,
  path: string,
  dropped: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const schemas = propertySchemas(schema, key);
    if (schemas === 'undeclared') {
      dropped.push(join(path, key));
      continue;
    }
    const item = value[key];
    put(
      out,
      key,
      schemas === 'open'
        ? plainTree(item)
        : prunedBy(item, schemas, defs, join(path, key), dropped),
    );
  }
  return out;
}

/** `value` pruned by each of `schemas` in turn (a property may answer to several). */
function prunedBy(
  value: unknown,
  schemas: readonly JsonSchema[],
  defs: SchemaDefs,
  path: string,
  dropped: string[],
): unknown {
  return schemas.reduce((kept, sub) => prune(kept, sub, defs, path, dropped), value);
}

function pruneArray(
  value: unknown[],
  schema: JsonSchema,
  defs: SchemaDefs,
  path: string,
  dropped: string[],
): unknown[] {
  const prefix = schema.prefixItems ?? [];
  return value.map((item, i) => {
    const sub = i < prefix.length ? prefix[i] : schema.items;
    return sub ? prune(item, sub, defs, `${path}[]`, dropped) : plainTree(item);
  });
}

/** JSON's view of a value (a `Date` is its text), for checking a union's branch. */
const asJson = (value: unknown): unknown =>
  value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);

/** A union: the first branch the pruned value matches; else only what some branch declares. */
function pruneUnion(
  value: unknown,
  branches: readonly JsonSchema[],
  defs: SchemaDefs,
  path: string,
  dropped: string[],
): unknown {
  for (const branch of branches) {
    const lost: string[] = [];
    const candidate = prune(value, branch, defs, path, lost);
    if (checkSchema(asJson(candidate), branch, 'result', defs).length === 0) {
      dropped.push(...lost);
      return candidate;
    }
  }
  if (!isRecord(value)) return plainTree(value);
  const declared = branches.map((b) => resolveRefs(b, defs)).filter((b) => b.properties);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const owners = declared.filter((b) => propertySchemas(b, key) !== 'undeclared');
    if (declared.length && owners.length === 0) dropped.push(join(path, key));
    else put(out, key, plainTree(value[key]));
  }
  return out;
}

/** Whether pruning by each schema can drop nothing, at any depth (cached: schemas are not edited). */
const keepsAllCache = new WeakMap<JsonSchema, boolean>();

/**
 * Whether `schema` declares no property anywhere (scalars, arrays and unions of them): pruning
 * by it would only copy the value, so the value is kept as it is (a 1,000-row SQL result's
 * rows are not copied cell by cell).
 */
function keepsAll(schema: JsonSchema): boolean {
  let keeps = keepsAllCache.get(schema);
  if (keeps === undefined) {
    const { $ref, properties, patternProperties, additionalProperties, allOf } = schema;
    const { anyOf = [], oneOf = [], prefixItems = [], items } = schema;
    keeps =
      $ref === undefined &&
      !properties &&
      !patternProperties &&
      additionalProperties === undefined &&
      !allOf &&
      [...anyOf, ...oneOf, ...prefixItems, ...(items ? [items] : [])].every(keepsAll);
    keepsAllCache.set(schema, keeps);
  }
  return keeps;
}

/**
 * `value` without what `schema` does not declare; `dropped` collects the dropped paths.
 * @example
 * prune({ id: 1, cost: 2 }, { type: 'object', properties: { id: {} }, additionalProperties: false }, {}, '', []);
 * // { id: 1 }
 */
export function prune(
  raw: unknown,
  schema: JsonSchema,
  defs: SchemaDefs,
  path: string,
  dropped: string[],
): unknown {
  if (raw === null || typeof raw !== 'object') return raw;
  // Nothing to prune: the value as plain data, not copied where it already is.
  if (keepsAll(schema)) return plainTree(raw);
  // A class instance is turned plain as the walk reaches it (its `@Exclude()`d fields gone).
  const value = plainNode(raw);
  if (value === null || typeof value !== 'object') return value;
  const node = resolveRefs(schema, defs);
  const branches = node.anyOf ?? node.oneOf;
  if (branches) return pruneUnion(value, branches, defs, path, dropped);
  if (Array.isArray(value)) return pruneArray(value, node, defs, path, dropped);
  if (value instanceof Date) return value;
  return pruneObject(value as Record<string, unknown>, node, defs, path, dropped);
}

/** The value pruned by a tool's output schema, with the paths dropped (each once). */
export function pruneToSchema(value: unknown, schema: JsonSchema): Pruned {
  const dropped: string[] = [];
  const pruned = prune(value, schema, schema.$defs ?? {}, '', dropped);
  return { value: pruned, dropped: [...new Set(dropped)] };
}
