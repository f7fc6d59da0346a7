/**
 * The strict projection of a tool's input schema for one provider: the same shape inside the
 * provider's strict subset (`strictRules.ts`), every constraint the grammar cannot carry moved
 * into the node's `description` in words (`constraintWords.ts`). `$ref`s are inlined, except
 * to a type that contains itself (kept as a `$ref` where recursion is allowed); OpenAI's
 * optional properties become required and nullable. A schema strict mode cannot take (recursion
 * for Claude, records, tuples, `any`) gives the reason instead. Pure and memoised per schema
 * object: the registry, the wire formats and codegen's warning all call it. This file is the
 * walk over the structure; a keyword (`projectKeyword`), `allOf` (`foldAllOf`), recursion
 * (`cyclicDefs`) and OpenAI's nullable optionals (`optionalAsNullable`) have their own files.
 */
import type { JsonSchema } from '../JsonSchema';
import { isJsonObject } from '../isJsonObject';
import { refName } from '../refs';
import { typesOf } from '../typesOf';
import { constraintWords, describeDropped } from './constraintWords';
import type { Dropped } from './constraintWords';
import { cyclicDefs } from './cyclicDefs';
import { foldAllOf } from './foldAllOf';
import { optionalAsNullable } from './optionalAsNullable';
import { projectKeyword } from './projectKeyword';
import { Refusal, refuse } from './Refusal';
import { STRICT_RULES } from './strictRules';
import type { StrictWalk } from './StrictWalk';
import type { StrictProjection, StrictProvider } from './types';

/**
 * Keywords the walk handles itself, not through the table: an object's in `projectObject`,
 * `items`, `anyOf`/`oneOf` and `description` in `projectNode`, `$ref` in `projectRef`, `allOf`
 * in `foldAllOf`, `$defs` in `projectDefs`.
 */
const STRUCTURAL = new Set([
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'oneOf',
  '$defs',
  '$ref',
  'allOf',
  'description',
]);

/** The node a `$ref` stands for, or the `$ref` itself where it is recursive (OpenAI). */
function projectRef(node: JsonSchema, walk: StrictWalk, path: string, depth: number): JsonSchema {
  const ref = String(node.$ref);
  const name = refName(ref);
  if (name === undefined || !Object.hasOwn(walk.defs, name)) {
    return refuse(path, `$ref "${ref}" resolves nowhere in the tool's $defs`);
  }
  const { $ref: _ref, ...siblings } = node;
  if (walk.cyclic.has(name)) {
    if (!walk.rules.recursion) {
      return refuse(
        path,
        `recursive type "${name}" (strict tools cannot refer back to an enclosing type)`,
      );
    }
    walk.needed.add(name);
    const target = { $ref: `#/$defs/${name}` };
    return siblings.description ? { description: siblings.description, anyOf: [target] } : target;
  }
  return projectNode({ ...walk.defs[name], ...siblings }, walk, path, depth);
}

function projectObject(
  node: JsonSchema,
  walk: StrictWalk,
  path: string,
  depth: number,
  out: JsonSchema,
): void {
  const extra = node.additionalProperties;
  if (extra !== undefined && extra !== false) {
    refuse(
      path,
      'an object with free-form keys (a Record or index signature); strict tools need additionalProperties: false on every object',
    );
  }
  if (extra === undefined && node.properties === undefined) {
    refuse(path, 'an object of any shape; strict tools need its properties');
  }
  if (depth + 1 > walk.rules.maxObjectDepth) {
    refuse(path, `objects nested more than ${walk.rules.maxObjectDepth} levels deep`);
  }
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const properties: Record<string, JsonSchema> = {};
  for (const [key, sub] of Object.entries(node.properties ?? {})) {
    const projected = projectNode(sub, walk, path ? `${path}.${key}` : key, depth + 1);
    const optional = !required.has(key);
    if (optional) walk.stats.optionalProperties++;
    properties[key] =
      optional && walk.rules.optional === 'nullable' ? optionalAsNullable(projected) : projected;
  }
  walk.properties += Object.keys(properties).length;
  if (walk.properties > walk.rules.maxProperties) {
    refuse(path, `more than ${walk.rules.maxProperties} object properties in one schema`);
  }
  out.properties = properties;
  const names =
    walk.rules.optional === 'nullable'
      ? Object.keys(properties)
      : Object.keys(properties).filter((k) => required.has(k));
  if (names.length > 0) out.required = names;
  out.additionalProperties = false;
}

/** Checks an `enum` against the provider's limits: primitive values, a bounded count per schema. */
function countEnum(node: JsonSchema, walk: StrictWalk, path: string): void {
  if (!Array.isArray(node.enum)) return;
  if (!node.enum.every((v) => v === null || typeof v !== 'object')) {
    refuse(path, 'an enum with object or array values; strict mode takes primitive enums only');
  }
  walk.enumValues += node.enum.length;
  if (walk.enumValues > walk.rules.maxEnumValues) {
    refuse(path, `more than ${walk.rules.maxEnumValues} enum values in one schema`);
  }
}

/** A shape without its `type` given one (JSON Schema allows it; the grammars want the type said). */
function withStatedType(node: JsonSchema): JsonSchema {
  if (node.type !== undefined || node.enum !== undefined || node.const !== undefined) return node;
  if (node.properties !== undefined) return { ...node, type: 'object' };
  if (node.items !== undefined) return { ...node, type: 'array' };
  return node;
}

function projectNode(raw: JsonSchema, walk: StrictWalk, path: string, depth: number): JsonSchema {
  if (!isJsonObject(raw))
    return refuse(path, 'a schema of any value (true); strict mode needs a type');
  if (raw.$ref !== undefined) return projectRef(raw, walk, path, depth);
  const folded = foldAllOf(raw, path);
  const { extra } = folded;
  let { node } = folded;
  countEnum(node, walk, path);
  node = withStatedType(node);
  const alternatives = node.anyOf ?? node.oneOf;
  if (
    node.type === undefined &&
    node.enum === undefined &&
    node.const === undefined &&
    alternatives === undefined
  ) {
    refuse(path, 'a value of any type (any or unknown); strict mode needs a type');
  }
  const out: JsonSchema = {};
  const dropped: Dropped = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (!STRUCTURAL.has(keyword)) projectKeyword(keyword, value, walk, path, out, dropped);
  }
  for (const [keyword, value] of Object.entries(extra)) {
    dropped[keyword] =
      keyword === 'pattern'
        ? [...((dropped.pattern as string[]) ?? []), ...(value as string[])]
        : value;
  }
  if (Array.isArray(alternatives)) {
    out.anyOf = alternatives.map((alt) => projectNode(alt, walk, path, depth));
    walk.stats.unions++;
    if (node.anyOf === undefined) dropped.oneOf = true;
  }
  if (typesOf(node).includes('object') || node.properties !== undefined)
    projectObject(node, walk, path, depth, out);
  const items = node.items;
  if (items === false) return refuse(path, 'an empty tuple (items: false)');
  if (items !== undefined) out.items = projectNode(items, walk, `${path}[]`, depth);
  const description = describeDropped(node.description, constraintWords(dropped, node));
  const { type, ...rest } = out;
  return {
    ...(type !== undefined ? { type } : {}),
    ...(description !== undefined ? { description } : {}),
    ...rest,
  };
}

/** The recursive `$defs` the projected schema refers to, each projected once. */
function projectDefs(walk: StrictWalk): Record<string, JsonSchema> | undefined {
  const defs: Record<string, JsonSchema> = {};
  for (
    let pending = [...walk.needed];
    pending.length > 0;
    pending = [...walk.needed].filter((n) => !(n in defs))
  ) {
    for (const name of pending) {
      defs[name] = projectNode(walk.defs[name], walk, `$defs.${name}`, 0);
    }
  }
  return Object.keys(defs).length > 0 ? defs : undefined;
}

/** Projects without memoising (see `strictInputSchema`). */
export function projectStrictSchema(
  schema: JsonSchema,
  provider: StrictProvider,
): StrictProjection {
  const defs = isJsonObject(schema.$defs) ? schema.$defs : {};
  const walk: StrictWalk = {
    rules: STRICT_RULES[provider],
    defs,
    cyclic: cyclicDefs(defs),
    needed: new Set(),
    stats: { optionalProperties: 0, unions: 0 },
    properties: 0,
    enumValues: 0,
  };
  try {
    const root = projectNode(schema, walk, '', 0);
    const defs = projectDefs(walk);
    return { strict: true, schema: defs ? { ...root, $defs: defs } : root, stats: walk.stats };
  } catch (error) {
    if (error instanceof Refusal) return { strict: false, reason: error.reason };
    throw error;
  }
}

const MEMO = new WeakMap<object, Partial<Record<StrictProvider, StrictProjection>>>();

/**
 * The strict projection of a tool's input schema for `provider`, computed once per schema object.
 * @example
 * const projection = strictInputSchema(tool.inputSchema, 'anthropic');
 * if (projection.strict) definition.input_schema = projection.schema;
 */
export function strictInputSchema(schema: JsonSchema, provider: StrictProvider): StrictProjection {
  let entry = MEMO.get(schema);
  if (!entry) MEMO.set(schema, (entry = {}));
  return (entry[provider] ??= projectStrictSchema(schema, provider));
}
