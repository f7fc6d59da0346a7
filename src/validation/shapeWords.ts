/**
 * The words for one branch of a union, for the line that says no branch matched: `a string`,
 * `an object with kind "circle" and r`, `one of fast, slow`. The model reads every shape it may
 * send, not only the closest one's problems. Bounded: a few properties and values per branch.
 */
import type { JsonSchema, JsonSchemaType } from '../schema/JsonSchema';
import { resolveRefs } from '../schema/refs';
import type { SchemaDefs } from '../schema/refs';
import { typesOf } from '../schema/typesOf';
import { cutAtCodePoint } from '../text/cutAtCodePoint';

const TYPE_WORDS: Record<JsonSchemaType, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer number',
  boolean: 'a boolean value',
  null: 'null',
  array: 'an array',
  object: 'an object',
};

/** How many properties, values or branches are named before `...`. */
const MAX_NAMED = 4;
const MAX_VALUE_LENGTH = 40;

const valueWords = (value: unknown): string =>
  cutAtCodePoint(JSON.stringify(value) ?? 'null', MAX_VALUE_LENGTH, '…');

/** `a, b and c`; more than MAX_NAMED end in `...`. */
const listed = (items: string[]): string => {
  if (items.length > MAX_NAMED) return `${items.slice(0, MAX_NAMED).join(', ')}, ...`;
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items[0]!;
};

/** The properties an object branch is told apart by: required ones (with their constant). */
function objectWords(schema: JsonSchema): string {
  const properties = schema.properties ?? {};
  const names = schema.required?.length ? schema.required : Object.keys(properties);
  if (names.length === 0) return TYPE_WORDS.object;
  const named = names.map((name) => {
    const constant = properties[name]?.const;
    return constant === undefined ? name : `${name} ${valueWords(constant)}`;
  });
  return `an object with ${listed(named)}`;
}

/** The words for `node` as one allowed shape (a nested union read one level deep). */
export function shapeWords(node: JsonSchema, defs: SchemaDefs, depth = 0): string {
  const schema = resolveRefs(node, defs);
  if (schema.const !== undefined) return valueWords(schema.const);
  if (schema.enum) return `one of ${listed(schema.enum.map(valueWords))}`;
  const types = typesOf(schema);
  if (types.length === 0) {
    const branches = schema.anyOf ?? schema.oneOf;
    if (!branches || depth > 0) return branches ? `one of ${branches.length} shapes` : 'any value';
    return branches.map((branch) => shapeWords(branch, defs, depth + 1)).join(' or ');
  }
  return types
    .map((type) => (type === 'object' ? objectWords(schema) : TYPE_WORDS[type]))
    .join(' or ');
}

/** `a string, or an object with key` for the branches of a union (a few, then `...`). */
export function branchesWords(branches: readonly JsonSchema[], defs: SchemaDefs): string {
  const words = branches.slice(0, MAX_NAMED + 1).map((branch) => shapeWords(branch, defs));
  if (branches.length > MAX_NAMED + 1) words.push(`${branches.length - MAX_NAMED - 1} more`);
  return words.join(', or ');
}
