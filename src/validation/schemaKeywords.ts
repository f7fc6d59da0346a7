/**
 * The keywords the schema gate enforces, and the audit run at `register()`: a tool's schema
 * with a keyword the gate would silently ignore (so the model is promised a rule nobody checks),
 * an unknown `format`, or a `$ref` that resolves nowhere, is a definition error, not a surprise.
 */
import type { JsonSchema } from '../schema/JsonSchema';
import { isJsonObject } from '../schema/isJsonObject';
import { refTarget } from '../schema/refs';
import { FORMATS } from './stringFormats';

/** Keywords `checkSchema` enforces exactly. */
export const ENFORCED_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'enum',
  'const',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'properties',
  'patternProperties',
  'required',
  'additionalProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$ref',
  '$defs',
]);

/** Keywords that describe and never constrain. */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  'description',
  'title',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  '$schema',
  '$id',
]);

/** One problem of a schema: where, and which keyword. */
export interface SchemaFault {
  /** JSON Pointer of the schema node, `#/properties/items/items`. */
  path: string;
  keyword: string;
  why: string;
}

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs'] as const;
const SUBSCHEMA_LISTS = ['prefixItems', 'anyOf', 'oneOf', 'allOf'] as const;
const SUBSCHEMAS = [
  'items',
  'additionalProperties',
  'not',
  'propertyNames',
  'if',
  'then',
  'else',
] as const;

const pointer = (path: string, ...keys: string[]): string =>
  [path, ...keys.map((k) => k.replace(/~/g, '~0').replace(/\//g, '~1'))].join('/');

/** Every keyword of `schema` (and its subschemas) the gate would not enforce, and every dangling `$ref`. */
export function auditSchema(
  schema: JsonSchema,
  defs: Record<string, JsonSchema> = {},
): SchemaFault[] {
  const faults: SchemaFault[] = [];
  walk(schema, '#', defs, faults);
  return faults;
}

function walk(
  node: JsonSchema,
  path: string,
  defs: Record<string, JsonSchema>,
  out: SchemaFault[],
): void {
  for (const keyword of Object.keys(node)) {
    if (!ENFORCED_KEYWORDS.has(keyword) && !ANNOTATION_KEYWORDS.has(keyword)) {
      out.push({ path, keyword, why: 'is not enforced by toolwright' });
    }
  }
  if (node.format !== undefined && !(typeof node.format === 'string' && node.format in FORMATS)) {
    out.push({
      path,
      keyword: 'format',
      why: `"${String(node.format)}" is not a format toolwright checks`,
    });
  }
  const patterns = [
    ...(node.pattern !== undefined ? [['pattern', node.pattern] as const] : []),
    ...Object.keys(node.patternProperties ?? {}).map((p) => ['patternProperties', p] as const),
  ];
  for (const [keyword, pattern] of patterns) {
    if (!isRegExp(pattern)) {
      out.push({
        path,
        keyword,
        why: `${JSON.stringify(pattern)} is not a valid Unicode regular expression`,
      });
    }
  }
  if (node.$ref !== undefined && !resolves(node.$ref, defs)) {
    out.push({
      path,
      keyword: '$ref',
      why: `"${node.$ref}" resolves nowhere (only #/$defs/<name> of the tool's schema)`,
    });
  }
  for (const key of SUBSCHEMA_MAPS) {
    for (const [name, sub] of Object.entries(node[key] ?? {})) {
      if (isJsonObject(sub)) walk(sub, pointer(path, key, name), defs, out);
    }
  }
  for (const key of SUBSCHEMA_LISTS) {
    (node[key] ?? []).forEach(
      (sub, i) => isJsonObject(sub) && walk(sub, pointer(path, key, String(i)), defs, out),
    );
  }
  for (const key of SUBSCHEMAS) {
    const sub = node[key];
    if (isJsonObject(sub)) walk(sub, pointer(path, key), defs, out);
  }
}

function isRegExp(pattern: unknown): boolean {
  try {
    new RegExp(String(pattern), 'u');
    return typeof pattern === 'string';
  } catch {
    return false;
  }
}

const resolves = (ref: string, defs: Record<string, JsonSchema>): boolean =>
  refTarget(ref, defs) !== undefined;
