/**
 * Checks a JSON value against the schema subset toolwright emits: the registry's schema gate
 * (the input must match what the model was promised), including the shapes no class-validator
 * decorator expresses (unions, tuples, records, recursion). Exact for every keyword it accepts
 * (`schemaKeywords.ts` lists them; any other keyword is refused at registration). Our own code
 * because class-validator has no JSON Schema mode and ajv would be a second validator with
 * another wording and a large load cost; messages follow class-validator's wording so the
 * model reads one style. This file walks the structure (references, unions, arrays, objects);
 * string and number keywords are in `checkScalar.ts`, the wording of a line in `say.ts`.
 */
import type { JsonSchema, JsonSchemaType } from '../schema/JsonSchema';
import { checkNumber, checkString } from './checkScalar';
import { jsonEqual } from './jsonEqual';
import { refTarget } from '../schema/refs';
import type { SchemaDefs } from '../schema/refs';
import { typesOf } from '../schema/typesOf';
import { childPath } from './propertyPath';
import { regexpOf } from './regexpOf';
import { say } from './say';
import { branchesWords } from './shapeWords';

export type { SchemaDefs } from '../schema/refs';

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

const typeMatches = (value: unknown, type: JsonSchemaType | JsonSchemaType[]): boolean =>
  typeof type === 'string' ? matchesType(value, type) : type.some((t) => matchesType(value, t));

const join = childPath;

const formatted = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/**
 * A value the `not` keyword excludes. `not: {}` excludes every value: it is what a property whose
 * own decorators refuse everything becomes (`@IsDate()` without `@Type(() => Date)`), so say that.
 */
const notWords = (excluded: JsonSchema): string =>
  Object.keys(excluded).length === 0
    ? 'accepts no value: its validators refuse every value JSON can carry'
    : 'must not match the excluded shape';

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

/** True when the value conforms (no messages built). */
const conforms = (value: unknown, schema: JsonSchema, path: string, defs: SchemaDefs): boolean =>
  checkSchema(value, schema, path, defs).length === 0;

function check(
  value: unknown,
  schema: JsonSchema,
  path: string,
  defs: SchemaDefs,
  out: string[],
): void {
  const at = path || 'input';
  if (schema.$ref) {
    const target = refTarget(schema.$ref, defs);
    if (target) check(value, target, path, defs, out);
  }
  if (schema.anyOf) checkAnyOf(value, schema.anyOf, path, defs, out);
  if (schema.oneOf) checkOneOf(value, schema.oneOf, path, defs, out);
  for (const part of schema.allOf ?? []) check(value, part, path, defs, out);
  if (schema.if) {
    const branch = conforms(value, schema.if, path, defs) ? schema.then : schema.else;
    if (branch) check(value, branch, path, defs, out);
  }
  if (schema.not && conforms(value, schema.not, path, defs)) {
    out.push(say(at, notWords(schema.not)));
  }
  if (schema.const !== undefined && !jsonEqual(value, schema.const)) {
    out.push(say(at, `must be equal to ${JSON.stringify(schema.const)}`));
    return;
  }
  if (schema.enum && !schema.enum.some((v) => jsonEqual(v, value))) {
    out.push(
      say(at, `must be one of the following values: ${schema.enum.map(formatted).join(', ')}`),
    );
    return;
  }
  if (schema.type !== undefined && !typeMatches(value, schema.type)) {
    out.push(
      say(
        at,
        `must be ${typesOf(schema)
          .map((t) => TYPE_WORDS[t])
          .join(' or ')}`,
      ),
    );
    // A fraction where an integer is wanted still gets its bounds checked, as class-validator does.
    if (typeof value !== 'number') return;
  }
  if (typeof value === 'string') checkString(value, schema, at, out);
  else if (typeof value === 'number') checkNumber(value, schema, at, out);
  else if (Array.isArray(value)) checkArray(value, schema, path, defs, out);
  else if (value !== null && typeof value === 'object')
    checkObject(value as Record<string, unknown>, schema, path, defs, out);
}

/** At least one branch; when none, the closest branch's problems. */
function checkAnyOf(
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
    say(
      path || 'input',
      `must match one of ${branches.length} allowed shapes: ${branchesWords(branches, defs)}`,
    ),
    ...(best ?? []).slice(0, 3),
  );
}

/** Exactly one branch. */
function checkOneOf(
  value: unknown,
  branches: JsonSchema[],
  path: string,
  defs: SchemaDefs,
  out: string[],
): void {
  const matching = branches.filter((branch) => conforms(value, branch, path, defs)).length;
  if (matching === 0) checkAnyOf(value, branches, path, defs, out);
  else if (matching > 1) {
    out.push(
      say(
        path || 'input',
        `must match exactly one of ${branches.length} allowed shapes, but matches ${matching}`,
      ),
    );
  }
}

const hasDuplicates = (items: unknown[]): boolean =>
  items.some((item, i) => items.slice(i + 1).some((other) => jsonEqual(item, other)));

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
  if (schema.uniqueItems && hasDuplicates(value)) {
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
  const at = path || 'input';
  const properties = schema.properties ?? {};
  const patterns = schema.patternProperties ? Object.entries(schema.patternProperties) : [];
  for (const name of schema.required ?? []) {
    if (value[name] === undefined) out.push(say(join(path, name), `is required`));
  }
  const keys = Object.keys(value);
  if (schema.minProperties !== undefined && keys.length < schema.minProperties) {
    out.push(say(at, `must have at least ${schema.minProperties} properties`));
  }
  if (schema.maxProperties !== undefined && keys.length > schema.maxProperties) {
    out.push(say(at, `must have no more than ${schema.maxProperties} properties`));
  }
  for (const key of keys) {
    const item = value[key];
    if (schema.propertyNames) {
      for (const problem of checkSchema(key, schema.propertyNames, 'name', defs)) {
        out.push(`${join(path, key)}: property name ${key} ${problem.replace(/^name: name /, '')}`);
      }
    }
    let matched = false;
    if (Object.hasOwn(properties, key)) {
      matched = true;
      if (item !== undefined) check(item, properties[key], join(path, key), defs, out);
    }
    for (const [pattern, patternSchema] of patterns) {
      if (!regexpOf(pattern).test(key)) continue;
      matched = true;
      check(item, patternSchema, join(path, key), defs, out);
    }
    if (matched) continue;
    if (schema.additionalProperties === false) {
      out.push(`${join(path, key)}: property ${key} should not exist`);
    } else if (typeof schema.additionalProperties === 'object') {
      check(item, schema.additionalProperties, join(path, key), defs, out);
    }
  }
}
