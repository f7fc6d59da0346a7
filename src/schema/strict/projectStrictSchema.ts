/**
 * The strict projection of a tool's input schema for one provider: the same shape inside the
 * provider's strict subset (`strictRules.ts`), every constraint the grammar cannot carry moved
 * into the node's `description` in words (`constraintWords.ts`). `$ref`s are inlined, except
 * to a type that contains itself (kept as a `$ref` where recursion is allowed); OpenAI's optional properties become required and nullable. A schema strict mode
 * cannot take (recursion for Claude, records, tuples, `any`) gives the reason instead. Pure and
 * memoised per schema object: the registry, the wire formats and codegen's warning all call it.
 */
import type { JsonSchema, JsonSchemaType, JsonValue } from '../JsonSchema';
import { isJsonObject } from '../isJsonObject';
import { refName } from '../refs';
import { typesOf } from '../typesOf';
import { constraintWords, describeDropped } from './constraintWords';
import type { Dropped } from './constraintWords';
import { isSimplePattern } from './isSimplePattern';
import { SILENT_KEYWORDS, STRICT_RULES } from './strictRules';
import type { StrictRules } from './strictRules';
import type { StrictProjection, StrictProvider, StrictSchemaStats } from './types';

/** Thrown inside a walk when the schema cannot be made strict; caught at the entry point. */
class Refusal {
  constructor(readonly reason: string) {}
}

/** The state of one projection. */
interface Walk {
  rules: StrictRules;
  defs: Record<string, JsonSchema>;
  /** The `$defs` on a cycle (a type that contains itself): never inlined. */
  cyclic: ReadonlySet<string>;
  /** Recursive `$defs` the output refers to (OpenAI). */
  needed: Set<string>;
  stats: StrictSchemaStats;
  properties: number;
  enumValues: number;
}

const refuse = (path: string, why: string): never => {
  throw new Refusal(`${path || 'input'}: ${why}`);
};

/** Keywords that give a node its shape (an `allOf` member without them only adds constraints). */
const SHAPE = [
  'type',
  'properties',
  'items',
  'prefixItems',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  'enum',
  'const',
  'additionalProperties',
  'patternProperties',
  'not',
];

/** Keywords the walk handles itself, in `projectObject`/`projectArray` or before the table. */
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

/** A node with its constraint-only `allOf` members folded in (their keywords become its own or words). */
function foldAllOf(node: JsonSchema, path: string): { node: JsonSchema; extra: Dropped } {
  const { allOf, ...rest } = node;
  const extra: Dropped = {};
  if (!Array.isArray(allOf)) return { node, extra };
  const folded: JsonSchema = { ...rest };
  for (const member of allOf) {
    if (!isJsonObject(member) || SHAPE.some((k) => member[k] !== undefined)) {
      refuse(path, 'an intersection of shapes (allOf) strict mode cannot state');
    }
    for (const [keyword, value] of Object.entries(member)) {
      if (keyword === 'pattern') {
        extra.pattern = [...((extra.pattern as string[]) ?? []), String(value)];
      } else if (folded[keyword] === undefined) folded[keyword] = value;
      else if (JSON.stringify(folded[keyword]) !== JSON.stringify(value)) extra[keyword] = value;
    }
  }
  return { node: folded, extra };
}

/** The node a `$ref` stands for, or the `$ref` itself where it is recursive (OpenAI). */
function projectRef(node: JsonSchema, walk: Walk, path: string, depth: number): JsonSchema {
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

/** The `$ref` targets in `node`, outside nested `$defs`. */
function refsIn(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsIn(item, out);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = refName(value);
        if (name !== undefined) out.add(name);
      } else if (key !== '$defs') refsIn(value, out);
    }
  }
  return out;
}

/** The `$defs` that reach themselves through `$ref`s. */
function cyclicDefs(defs: Record<string, JsonSchema>): Set<string> {
  const edges = new Map(Object.keys(defs).map((name) => [name, refsIn(defs[name], new Set())]));
  const reaches = (from: string, target: string, seen: Set<string>): boolean =>
    [...(edges.get(from) ?? [])].some(
      (to) => to === target || (!seen.has(to) && (seen.add(to), reaches(to, target, seen))),
    );
  return new Set(Object.keys(defs).filter((name) => reaches(name, name, new Set())));
}

const acceptsNull = (node: JsonSchema): boolean =>
  typesOf(node).includes('null') ||
  (Array.isArray(node.enum) && node.enum.includes(null)) ||
  node.const === null ||
  (Array.isArray(node.anyOf) && node.anyOf.some(acceptsNull));

/** `node` that also takes `null` (OpenAI's way of saying optional). */
function nullable(node: JsonSchema): JsonSchema {
  if (acceptsNull(node)) return node;
  if (node.$ref !== undefined) return { anyOf: [node, { type: 'null' }] };
  if (Array.isArray(node.anyOf)) return { ...node, anyOf: [...node.anyOf, { type: 'null' }] };
  const out: JsonSchema = { ...node };
  if (node.type !== undefined) out.type = [...typesOf(node), 'null'];
  if (Array.isArray(node.enum)) out.enum = [...node.enum, null];
  return out;
}

function projectObject(
  node: JsonSchema,
  walk: Walk,
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
      optional && walk.rules.optional === 'nullable' ? nullable(projected) : projected;
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

/** One keyword of the node, by the provider's table: kept, worded, or refused. */
function projectKeyword(
  keyword: string,
  value: unknown,
  walk: Walk,
  path: string,
  out: JsonSchema,
  dropped: Dropped,
): void {
  const { rules } = walk;
  switch (keyword) {
    case 'prefixItems':
      return refuse(
        path,
        'a tuple (an array with fixed positions); strict mode has no prefixItems',
      );
    case 'patternProperties':
      return refuse(
        path,
        'an object with keys matching a pattern (patternProperties); strict tools need additionalProperties: false on every object',
      );
    case 'const':
      if (rules.constKeyword) out.const = value as JsonValue;
      else out.enum = [value as JsonValue];
      return;
    case 'format':
      if (rules.formats.has(String(value))) out.format = value as string;
      else dropped.format = value;
      return;
    case 'pattern':
      if (typeof value === 'string' && isSimplePattern(value)) out.pattern = value;
      else dropped.pattern = [...((dropped.pattern as string[]) ?? []), String(value)];
      return;
    case 'minItems':
      if (typeof value === 'number' && rules.minItems(value)) out.minItems = value;
      else {
        dropped.minItems = value;
        if (typeof value === 'number' && value > 1 && rules.minItems(1)) out.minItems = 1;
      }
      return;
    case 'type':
      out.type = Array.isArray(value)
        ? [...(value as JsonSchemaType[])]
        : (value as JsonSchemaType);
      if (Array.isArray(value) && value.length > 1) walk.stats.unions++;
      return;
  }
  if (rules.keeps.has(keyword)) out[keyword] = value;
  else if (!SILENT_KEYWORDS.has(keyword)) dropped[keyword] = value;
}

function projectNode(raw: JsonSchema, walk: Walk, path: string, depth: number): JsonSchema {
  if (!isJsonObject(raw))
    return refuse(path, 'a schema of any value (true); strict mode needs a type');
  if (raw.$ref !== undefined) return projectRef(raw, walk, path, depth);
  const folded = foldAllOf(raw, path);
  const { extra } = folded;
  let { node } = folded;
  if (Array.isArray(node.enum)) {
    if (!node.enum.every((v) => v === null || typeof v !== 'object')) {
      refuse(path, 'an enum with object or array values; strict mode takes primitive enums only');
    }
    walk.enumValues += node.enum.length;
    if (walk.enumValues > walk.rules.maxEnumValues) {
      refuse(path, `more than ${walk.rules.maxEnumValues} enum values in one schema`);
    }
  }
  // A shape without its `type` (JSON Schema allows it; the grammars want the type said).
  if (node.type === undefined && node.enum === undefined && node.const === undefined) {
    if (node.properties !== undefined) node = { ...node, type: 'object' };
    else if (node.items !== undefined) node = { ...node, type: 'array' };
  }
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
function projectDefs(walk: Walk): Record<string, JsonSchema> | undefined {
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
  const walk: Walk = {
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
