/**
 * Test helper: fast-check arbitraries for the JSON Schema subset codegen emits (valid inputs),
 * and mutations of valid inputs (a value replaced by a tricky one, a key dropped, a key added).
 */
import fc from 'fast-check';
import type { JsonSchema } from '../../src/schema/JsonSchema';
import {
  ISO8601_PATTERN,
  ISO8601_STRICT_SEPARATOR_PATTERN,
  URL_SHAPE_PATTERN,
} from '../../src/schema/formatPatterns';
import { URL_PATTERN } from '../../src/schema/urlPattern';

type Defs = Record<string, JsonSchema>;

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  uri: fc.webUrl(),
  uuid: fc.oneof(fc.uuid({ version: 4 }), fc.uuid()),
  'date-time': fc
    .date({
      min: new Date('1970-01-01T00:00:00Z'),
      max: new Date('2100-01-01T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString()),
};

/** Characters where string lengths disagree: astral (emoji), variation selectors, lone surrogates. */
const TRICKY_CHAR = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'Z', '-', '1', ' ') },
  {
    weight: 2,
    arbitrary: fc.constantFrom('\u2764', '\uFE0F', '\uFE0E', '\u{1F600}', '\u{1F44D}\u{1F3FD}'),
  },
  { weight: 1, arbitrary: fc.constantFrom('\uD800', '\uDC00', '\u00E9', '\u0301') },
);

/** Strings mixing plain and tricky characters, up to `maxLength` pieces. */
export const trickyString = (maxLength = 12): fc.Arbitrary<string> =>
  fc.array(TRICKY_CHAR, { maxLength }).map((chars) => chars.join(''));

/**
 * ISO 8601 texts of every shape `isISO8601` reads (and some it does not): fast-check cannot
 * generate from its pattern (lookaheads), and random text filtered by it almost never matches.
 */
const ISO_LIKE: fc.Arbitrary<string> = fc
  .tuple(
    fc.date({
      min: new Date('0001-01-01T00:00:00Z'),
      max: new Date('9999-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
    fc.constantFrom(24, 10, 4, 7, 16, 19, 13),
    fc.constantFrom('', '', '+02:00', '-0530', 'z', ' '),
  )
  .map(([date, cut, zone]) => {
    const text = date.toISOString().slice(0, cut);
    return cut > 10 ? text + zone : text;
  });
const ISO_PATTERNS = new Set([ISO8601_PATTERN, ISO8601_STRICT_SEPARATOR_PATTERN]);

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format]!;
  if (schema.pattern === URL_SHAPE_PATTERN || schema.pattern === URL_PATTERN) {
    // `@IsUrl()`'s schema: URLs, hosts and near-misses.
    return fc.oneof(fc.webUrl(), fc.domain(), fc.constantFrom('localhost', 'http://x', 'a b'));
  }
  if (schema.pattern && ISO_PATTERNS.has(schema.pattern)) {
    return fc.oneof(
      ISO_LIKE,
      fc.constantFrom('2024-W05-3', '2024-123', '2023-02-29', '2024-13-01'),
    );
  }
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)]
    .filter((p): p is string => typeof p === 'string')
    .map((p) => new RegExp(p, 'u'));
  if (patterns.length === 1) {
    try {
      return fc.stringMatching(patterns[0]!);
    } catch {
      // fast-check cannot generate from this pattern (a lookahead): filter tricky strings instead.
    }
  }
  const low = schema.minLength ?? 0;
  const base =
    patterns.length > 0
      ? fc.oneof(trickyString(low + 8), fc.string({ minLength: low, maxLength: low + 8 }))
      : fc.string({ minLength: low, maxLength: schema.maxLength ?? 12 });
  return base.filter((text) => patterns.every((p) => p.test(text)));
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum : -1e6);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum : 1e6);
  const base = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return base.filter(
    (n) =>
      (schema.exclusiveMinimum === undefined || n > schema.exclusiveMinimum) &&
      (schema.exclusiveMaximum === undefined || n < schema.exclusiveMaximum) &&
      !Object.is(n, -0),
  );
}

/** Values that satisfy `schema` (recursion through `$ref` is cut off at `depth`). */
export function valid(schema: JsonSchema, defs: Defs, depth = 0): fc.Arbitrary<unknown> {
  if (schema.$ref) {
    const target = schema.$ref.replace('#/$defs/', '');
    return valid(defs[target] ?? {}, defs, depth + 1);
  }
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) {
    const leaves = schema.anyOf.filter((s) => !s.$ref && s.type !== 'array' && s.type !== 'object');
    const members = depth > 3 && leaves.length ? leaves : schema.anyOf;
    return fc.oneof(...members.map((s) => valid(s, defs, depth)));
  }
  if (Array.isArray(schema.type)) {
    const leaves = schema.type.filter((type) => type !== 'array' && type !== 'object');
    const types = depth > 3 && leaves.length ? leaves : schema.type;
    return fc.oneof(...types.map((type) => valid({ ...schema, type }, defs, depth)));
  }
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (schema.prefixItems) {
        const items = schema.prefixItems.map((s) => valid(s, defs, depth));
        const min = schema.minItems ?? items.length;
        return fc.integer({ min, max: items.length }).chain((n) => fc.tuple(...items.slice(0, n)));
      }
      const items = schema.items || {};
      const maxLength = depth > 2 ? (schema.minItems ?? 0) : (schema.maxItems ?? 3);
      if (maxLength === 0) return fc.constant([]);
      return fc.array(valid(items, defs, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength,
      });
    }
    case 'object': {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {}))
        model[key] = valid(property, defs, depth);
      const fixed = fc.record(model, { requiredKeys: schema.required ?? [] });
      const extra = schema.additionalProperties;
      if (!extra || extra === true || depth > 2) return fixed;
      const dictionary = fc.dictionary(
        fc.string({ minLength: 1, maxLength: 6 }).filter((k) => !(k in model) && k !== '__proto__'),
        valid(extra, defs, depth),
        { maxKeys: 3 },
      );
      return fc.tuple(fixed, dictionary).map(([a, b]) => ({ ...b, ...a }));
    }
    default:
      return fc.constantFrom('x', 1, true, null);
  }
}

/** Replacement values that break most schemas somewhere. */
export const TRICKY_VALUES: unknown[] = [
  0,
  -1,
  1.5,
  100,
  1e7,
  '',
  'x',
  'a'.repeat(50),
  'not an email',
  '2020-13-45T99:00:00Z',
  true,
  null,
  [],
  {},
  ['x'],
  { a: 1 },
];

type Path = (string | number)[];

function paths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => [[...prefix, index], ...paths(item, [...prefix, index])]);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      [...prefix, key],
      ...paths(item, [...prefix, key]),
    ]);
  }
  return [];
}

function mutate(
  input: unknown,
  pick: number,
  operation: 'replace' | 'delete' | 'extra',
  replacement: unknown,
): unknown {
  const copy = structuredClone(input) as Record<string, unknown>;
  const all = paths(copy);
  const path = all.length ? all[pick % all.length]! : [];
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], copy) as
    Record<string | number, unknown> | unknown[];
  const last = path[path.length - 1];
  if (operation === 'extra' || last === undefined) {
    const target = last === undefined ? copy : (parent as Record<string | number, unknown>)[last];
    if (target && typeof target === 'object' && !Array.isArray(target))
      (target as Record<string, unknown>).extraKey = 1;
    else (copy as Record<string, unknown>).extraKey = 1;
  } else if (operation === 'delete') {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete (parent as Record<string, unknown>)[last];
  } else {
    (parent as Record<string | number, unknown>)[last] = structuredClone(replacement);
  }
  return copy;
}

/**
 * Valid inputs and mutations of them, about half each, as the model's input arrives: parsed
 * from JSON (which also gives them this realm's `Object.prototype` under Jest).
 */
export function inputs(schema: JsonSchema): fc.Arbitrary<unknown> {
  const base = valid(schema, schema.$defs ?? {});
  const mutated = fc
    .tuple(
      base,
      fc.nat(),
      fc.constantFrom('replace' as const, 'delete' as const, 'extra' as const),
      fc.constantFrom(...TRICKY_VALUES),
    )
    .map(([value, pick, operation, replacement]) => mutate(value, pick, operation, replacement));
  return fc.oneof(base, mutated).map((value) => JSON.parse(JSON.stringify(value)) as unknown);
}
