/**
 * Checks a JSON value against the schema subset toolwright emits: the registry's schema gate
 * (the input must match what the model was promised), including the shapes no class-validator
 * decorator expresses (unions, tuples, records, recursion). Our own
 * code because class-validator has no JSON Schema mode and ajv would be a second validator
 * with another wording and a large load cost; messages follow class-validator's wording so
 * the model reads one style.
 */
import type { JsonSchema, JsonSchemaType } from '../schema/JsonSchema';

/** Where `$ref`s point: `#/$defs/Name`. */
export type SchemaDefs = Record<string, JsonSchema>;

const typeOfValue = (value: unknown): JsonSchemaType | 'undefined' => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonSchemaType;
};

const TYPE_WORDS: Record<JsonSchemaType, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer number',
  boolean: 'a boolean value',
  null: 'null',
  array: 'an array',
  object: 'an object',
};

const matchesType = (value: unknown, type: JsonSchemaType): boolean => {
  const actual = typeOfValue(value);
  return actual === type || (type === 'number' && actual === 'integer');
};

/** `items[0].quantity` + `must be …` → `items[0].quantity: quantity must be …`, as class-validator words it. */
const say = (path: string, text: string): string => {
  const leaf = /([A-Za-z_$][\w$]*)\]?$/.exec(path.replace(/\[\d+\]$/, ''))?.[1] ?? 'input';
  return `${path}: ${leaf} ${text}`;
};

const join = (path: string, key: string | number): string =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

const FORMATS: Record<string, (s: string) => boolean> = {
  email: (s) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s),
  'date-time': (s) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(s) &&
    !Number.isNaN(Date.parse(s)),
  date: (s) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)),
  uri: (s) => /^[a-z][a-z0-9+.-]*:\S+$/i.test(s),
  uuid: (s) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s),
};

/** How class-validator words a failed format. */
const FORMAT_WORDS: Record<string, string> = {
  email: 'must be an email',
  'date-time': 'must be a valid ISO 8601 date string',
  date: 'must be a valid ISO 8601 date string',
  uri: 'must be a URL address',
  uuid: 'must be a UUID',
};

/** Returns one `path: message` per problem; empty when the value conforms. */
export function checkSchema(
  value: unknown,
  schema: JsonSchema,
  path: string,
  defs: SchemaDefs = {},
): string[] {
  const problems: string[] = [];
  check(value, schema, path, defs, problems);
  return problems;
}

function check(
  value: unknown,
  schema: JsonSchema,
  path: string,
  defs: SchemaDefs,
  out: string[],
): void {
  const at = path || 'input';
  if (schema.$ref) {
    const target = defs[schema.$ref.replace(/^#\/\$defs\//, '')];
    if (target) check(value, target, path, defs, out);
    return;
  }
  if (schema.anyOf || schema.oneOf) {
    checkUnion(value, (schema.anyOf ?? schema.oneOf) as JsonSchema[], path, defs, out);
  }
  for (const part of schema.allOf ?? []) check(value, part, path, defs, out);
  if (schema.const !== undefined && JSON.stringify(value) !== JSON.stringify(schema.const)) {
    out.push(say(at, `must be equal to ${JSON.stringify(schema.const)}`));
    return;
  }
  if (schema.enum && !schema.enum.some((v) => JSON.stringify(v) === JSON.stringify(value))) {
    out.push(
      say(
        at,
        `must be one of the following values: ${schema.enum.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}`,
      ),
    );
    return;
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => matchesType(value, t))) {
      out.push(say(at, `must be ${types.map((t) => TYPE_WORDS[t]).join(' or ')}`));
      // A fraction where an integer is wanted still gets its bounds checked, as class-validator does.
      if (typeof value !== 'number') return;
    }
  }
  if (typeof value === 'string') checkString(value, schema, at, out);
  else if (typeof value === 'number') checkNumber(value, schema, at, out);
  else if (Array.isArray(value)) checkArray(value, schema, path, defs, out);
  else if (value !== null && typeof value === 'object')
    checkObject(value as Record<string, unknown>, schema, path, defs, out);
}

function checkUnion(
  value: unknown,
  branches: JsonSchema[],
  path: string,
  defs: SchemaDefs,
  out: string[],
): void {
  let best: string[] | undefined;
  for (const branch of branches) {
    const problems = checkSchema(value, branch, path, defs);
    if (problems.length === 0) return;
    if (!best || problems.length < best.length) best = problems;
  }
  out.push(
    say(path || 'input', `must match one of ${branches.length} allowed shapes`),
    ...(best ?? []).slice(0, 3),
  );
}

function checkString(value: string, schema: JsonSchema, at: string, out: string[]): void {
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) {
    out.push(say(at, `must be longer than or equal to ${schema.minLength} characters`));
  }
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    out.push(say(at, `must be shorter than or equal to ${schema.maxLength} characters`));
  }
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) {
    out.push(say(at, `must match /${schema.pattern}/ regular expression`));
  }
  const format = schema.format ? FORMATS[schema.format] : undefined;
  if (format && !format(value)) out.push(say(at, FORMAT_WORDS[schema.format as string]));
}

function checkNumber(value: number, schema: JsonSchema, at: string, out: string[]): void {
  if (schema.minimum !== undefined && value < schema.minimum)
    out.push(say(at, `must not be less than ${schema.minimum}`));
  if (schema.maximum !== undefined && value > schema.maximum)
    out.push(say(at, `must not be greater than ${schema.maximum}`));
  if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) {
    out.push(say(at, `must be greater than ${schema.exclusiveMinimum}`));
  }
  if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) {
    out.push(say(at, `must be less than ${schema.exclusiveMaximum}`));
  }
  if (schema.multipleOf !== undefined && !Number.isInteger(value / schema.multipleOf)) {
    out.push(say(at, `must be a multiple of ${schema.multipleOf}`));
  }
}

function checkArray(
  value: unknown[],
  schema: JsonSchema,
  path: string,
  defs: SchemaDefs,
  out: string[],
): void {
  const at = path || 'input';
  if (schema.minItems !== undefined && value.length < schema.minItems) {
    out.push(say(at, `must contain at least ${schema.minItems} elements`));
  }
  if (schema.maxItems !== undefined && value.length > schema.maxItems) {
    out.push(say(at, `must contain no more than ${schema.maxItems} elements`));
  }
  if (schema.uniqueItems && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) {
    out.push(say(at, 'must contain unique elements'));
  }
  const prefix = schema.prefixItems ?? [];
  value.forEach((item, index) => {
    const itemSchema = index < prefix.length ? prefix[index] : schema.items;
    if (itemSchema === false)
      out.push(say(join(path, index), `is beyond the ${prefix.length} allowed elements`));
    else if (itemSchema) check(item, itemSchema, join(path, index), defs, out);
  });
}

function checkObject(
  value: Record<string, unknown>,
  schema: JsonSchema,
  path: string,
  defs: SchemaDefs,
  out: string[],
): void {
  const properties = schema.properties ?? {};
  for (const name of schema.required ?? []) {
    if (value[name] === undefined) out.push(say(join(path, name), `is required`));
  }
  for (const [key, item] of Object.entries(value)) {
    const propertySchema = Object.prototype.hasOwnProperty.call(properties, key)
      ? properties[key]
      : undefined;
    const patterns = Object.entries(schema.patternProperties ?? {}).filter(([pattern]) =>
      new RegExp(pattern, 'u').test(key),
    );
    if (propertySchema) {
      if (item !== undefined) check(item, propertySchema, join(path, key), defs, out);
    } else if (patterns.length) {
      for (const [, patternSchema] of patterns)
        check(item, patternSchema, join(path, key), defs, out);
    } else if (schema.additionalProperties === false) {
      out.push(`${join(path, key)}: property ${key} should not exist`);
    } else if (typeof schema.additionalProperties === 'object') {
      check(item, schema.additionalProperties, join(path, key), defs, out);
    }
  }
}
