/**
 * A JSON Schema said as one line of TypeScript-like type (`{ id: string; total?: number }[]`),
 * bounded in length: how a code-callable tool's return type is told to the model, which writes
 * code against it. `$defs` are written inline (a recursive one by its name); anything the line
 * cannot say is `unknown`. The cut falls at a code point, never inside a character.
 */
import type { JsonSchema, JsonValue } from './JsonSchema';
import { refName, refTarget } from './refs';
import type { SchemaDefs } from './refs';
import { typesOf } from './typesOf';
import { cutAtCodePoint } from '../text/cutAtCodePoint';

/** How deep objects and arrays are written before the rest is `…`. */
const MAX_DEPTH = 6;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const SIMPLE: Record<string, string> = {
  string: 'string',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  null: 'null',
  array: 'unknown[]',
  object: 'object',
};

const literal = (value: JsonValue): string => JSON.stringify(value);

const union = (members: string[]): string => {
  const unique = [...new Set(members)];
  return unique.length === 0 ? 'never' : unique.join(' | ');
};

const arrayOf = (element: string): string =>
  /^[A-Za-z0-9_$."]+$/.test(element) ? `${element}[]` : `Array<${element}>`;

/** What the writer carries down the schema: its `$defs` and the refs being written. */
interface Walk {
  defs: SchemaDefs;
  open: readonly string[];
  depth: number;
}

function objectType(schema: JsonSchema, walk: Walk): string {
  const properties = Object.entries(schema.properties ?? {});
  const extra = schema.additionalProperties;
  if (properties.length === 0) {
    if (extra && typeof extra === 'object') return `Record<string, ${write(extra, walk)}>`;
    return extra === false ? '{}' : 'object';
  }
  const required = new Set(schema.required ?? []);
  const members = properties.map(([name, property]) => {
    const key = IDENTIFIER.test(name) ? name : JSON.stringify(name);
    return `${key}${required.has(name) ? '' : '?'}: ${write(property, walk)}`;
  });
  return `{ ${members.join('; ')} }`;
}

function typeOf(schema: JsonSchema, type: string, walk: Walk): string {
  if (type === 'array' && schema.prefixItems) {
    return `[${schema.prefixItems.map((item) => write(item, walk)).join(', ')}]`;
  }
  if (type === 'array' && schema.items) return arrayOf(write(schema.items, walk));
  if (type === 'object') return objectType(schema, walk);
  return SIMPLE[type] ?? 'unknown';
}

function refType(ref: string, walk: Walk): string {
  const name = refName(ref);
  const target = refTarget(ref, walk.defs);
  if (name === undefined || !target) return 'unknown';
  if (walk.open.includes(name)) return name;
  return write(target, { ...walk, open: [...walk.open, name] });
}

function write(schema: JsonSchema | boolean, walk: Walk): string {
  if (schema === true) return 'unknown';
  if (schema === false) return 'never';
  if (walk.depth > MAX_DEPTH) return '…';
  const inner = { ...walk, depth: walk.depth + 1 };
  if (typeof schema.$ref === 'string') return refType(schema.$ref, walk);
  if (schema.enum) return union(schema.enum.map(literal));
  if (schema.const !== undefined) return literal(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return union(alternatives.map((member) => write(member, inner)));
  if (schema.allOf?.length === 1) return write(schema.allOf[0], inner);
  const types = typesOf(schema);
  if (types.length === 0) return schema.properties ? objectType(schema, inner) : 'unknown';
  return union(types.map((type) => typeOf(schema, type, inner)));
}

/**
 * `schema` as one TypeScript-like line of at most `max` characters (cut with `…`).
 * @example
 * compactType({ type: 'object', properties: { id: { type: 'string' } }, required: ['id'] }); // '{ id: string }'
 */
export function compactType(schema: JsonSchema, max = 600): string {
  const text = write(schema, { defs: schema.$defs ?? {}, open: [], depth: 0 });
  return cutAtCodePoint(text, max, '…');
}
