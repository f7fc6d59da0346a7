/**
 * Describes a JSON Schema in the plain words the legacy prompt format uses: a type word
 * (`string`, `integer`, `number`, `boolean`, `array`, `object`) and sentences for everything
 * else a model must respect: required or optional, enums, defaults, bounds, array item types
 * and nested object shapes (as indented `- name (type, required): ...` lines).
 */
import type { JsonSchema, JsonValue } from '../../schema/JsonSchema';
import { patternWords } from '../../schema/patternWords';
import { allowedTypes, resolveRef } from './schemaShape';

const MAX_DEPTH = 6;
const INDENT = '  ';

/** One keyword that becomes a sentence fragment, e.g. `minimum: 1` → `at least 1`. */
interface BoundRule {
  keyword: keyof JsonSchema;
  phrase: (value: JsonValue) => string;
}

/**
 * A pattern toolwright emitted (an ISO 8601 date, a UUID version, a URL's shape) in its words,
 * rather than a regular expression of hundreds of characters; any other pattern as written.
 */
function patternPhrase(pattern: string): string {
  const words = patternWords(pattern);
  if (words === undefined) return `a string matching the pattern ${pattern}`;
  return words.replace(/^must be /, '').replace(/^must not contain /, 'without ');
}

/** `1 character`, `2 characters`. */
const count = (value: JsonValue, unit: string, units = `${unit}s`): string =>
  `${String(value)} ${value === 1 ? unit : units}`;

/** Bounds and checks, in the order they are stated. A table, not a switch. */
const BOUND_RULES: readonly BoundRule[] = [
  { keyword: 'minimum', phrase: (v) => `at least ${v}` },
  { keyword: 'exclusiveMinimum', phrase: (v) => `greater than ${v}` },
  { keyword: 'maximum', phrase: (v) => `at most ${v}` },
  { keyword: 'exclusiveMaximum', phrase: (v) => `less than ${v}` },
  { keyword: 'multipleOf', phrase: (v) => `a multiple of ${v}` },
  { keyword: 'minLength', phrase: (v) => `at least ${count(v, 'character')}` },
  { keyword: 'maxLength', phrase: (v) => `at most ${count(v, 'character')}` },
  { keyword: 'pattern', phrase: (v) => patternPhrase(String(v)) },
  { keyword: 'format', phrase: (v) => `in ${String(v)} format` },
  { keyword: 'minItems', phrase: (v) => `at least ${count(v, 'item')}` },
  { keyword: 'maxItems', phrase: (v) => `at most ${count(v, 'item')}` },
  { keyword: 'uniqueItems', phrase: (v) => (v === true ? 'items unique' : '') },
  { keyword: 'minProperties', phrase: (v) => `at least ${count(v, 'property', 'properties')}` },
  { keyword: 'maxProperties', phrase: (v) => `at most ${count(v, 'property', 'properties')}` },
];

/** Every keyword the bounds table states. */
export const STATED_KEYWORDS: readonly string[] = BOUND_RULES.map((rule) => String(rule.keyword));

/** The schema's type in plain words: `string`, `integer`, ..., `string or null`, or `any`. */
export function typeWord(schema: JsonSchema | undefined, root: JsonSchema): string {
  const allowed = allowedTypes(schema, root);
  const types = allowed.filter((type) => type !== 'null');
  if (!types.length && allowed.includes('null')) return 'null';
  if (types.includes('integer') && types.includes('number'))
    types.splice(types.indexOf('integer'), 1);
  return types.length ? types.join(' or ') : 'any';
}

/**
 * Everything but the type and the schema's own description, as text: sentences, then the
 * nested shape on indented lines. Empty when there is nothing to add.
 */
export function describeConstraints(schema: JsonSchema, root: JsonSchema): string {
  return describe(schema, root, 0, new Set()).join('\n');
}

function describe(
  schema: JsonSchema,
  root: JsonSchema,
  depth: number,
  seen: Set<string>,
): string[] {
  const ref = typeof schema.$ref === 'string' ? schema.$ref : undefined;
  if (ref && seen.has(ref)) return [`The same shape as ${refName(ref)}, nested.`];
  const nextSeen = ref ? new Set([...seen, ref]) : seen;
  const resolved = resolveRef(schema, root);
  const sentences = facts(resolved, root).filter(Boolean);
  const lines = sentences.length ? [sentences.join(' ')] : [];
  if (depth >= MAX_DEPTH) return lines;
  return [...lines, ...shape(resolved, root, depth, nextSeen)];
}

function facts(schema: JsonSchema, root: JsonSchema): string[] {
  const types = allowedTypes(schema, root);
  const out: string[] = [];
  if (types.includes('null') && types.length > 1) out.push('May be null.');
  if (schema.const !== undefined) out.push(`Always ${JSON.stringify(schema.const)}.`);
  if (Array.isArray(schema.enum)) {
    out.push(`One of: ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}.`);
  }
  const bounds = BOUND_RULES.filter((rule) => schema[rule.keyword] !== undefined)
    .map((rule) => rule.phrase(schema[rule.keyword] as JsonValue))
    .filter(Boolean);
  if (bounds.length) out.push(`Must be ${bounds.join(', ')}.`);
  if (schema.default !== undefined) out.push(`Default: ${JSON.stringify(schema.default)}.`);
  if (schema.deprecated) out.push('Deprecated.');
  return out;
}

function shape(schema: JsonSchema, root: JsonSchema, depth: number, seen: Set<string>): string[] {
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].filter(
    (branch) => typeWord(branch, root) !== 'null',
  );
  if (branches.length === 1) return describe(branches[0], root, depth, seen);
  if (branches.length) return unionLines(branches, root, depth, seen);
  const types = allowedTypes(schema, root);
  if (types.includes('array')) return arrayLines(schema, root, depth, seen);
  if (types.includes('object')) return objectLines(schema, root, depth, seen);
  return [];
}

function unionLines(
  branches: JsonSchema[],
  root: JsonSchema,
  depth: number,
  seen: Set<string>,
): string[] {
  const lines = ['One of these shapes:'];
  for (const branch of branches) {
    const detail = describe(branch, root, depth + 1, seen);
    const summary = summaryOf(branch, root);
    const sentence = detail.length > 0 && !isBlockHead(detail[0]) ? detail[0] : '';
    const text = [summary, sentence].filter(Boolean).join(' ');
    lines.push(`- ${typeWord(branch, root)}${text ? `: ${text}` : ''}`);
    lines.push(...indent(sentence ? detail.slice(1) : detail));
  }
  return lines;
}

function arrayLines(
  schema: JsonSchema,
  root: JsonSchema,
  depth: number,
  seen: Set<string>,
): string[] {
  if (schema.prefixItems?.length) {
    const lines = [`A list of exactly these ${schema.prefixItems.length} items, in order:`];
    schema.prefixItems.forEach((item, index) => {
      lines.push(...itemLines(`item ${index + 1}`, item, root, depth, seen));
    });
    return lines;
  }
  if (!schema.items) return [];
  const item = schema.items;
  const word = typeWord(item, root);
  const detail = describe(item, root, depth + 1, seen);
  const summary = summaryOf(item, root);
  const head = `A list of ${word} values.`;
  const [first = '', ...rest] = detail;
  const sentence = isBlockHead(first) ? '' : first;
  const each = [summary, sentence].filter(Boolean).join(' ');
  const lines = [`${head}${each ? ` Each item: ${each}` : ''}`];
  return [...lines, ...indent(sentence ? rest : detail)];
}

function objectLines(
  schema: JsonSchema,
  root: JsonSchema,
  depth: number,
  seen: Set<string>,
): string[] {
  const lines = propertyLines(schema, root, depth, seen);
  const extra = schema.additionalProperties;
  const head = lines.length ? ['An object with these properties:', ...lines] : [];
  if (extra && typeof extra === 'object') {
    const detail = describe(extra, root, depth + 1, seen);
    const valueLine = `An object whose keys are names and whose values are ${typeWord(extra, root)}.`;
    return [
      ...head,
      lines.length ? `Other keys are allowed, with ${typeWord(extra, root)} values.` : valueLine,
      ...indent(detail),
    ];
  }
  return head;
}

function propertyLines(
  schema: JsonSchema,
  root: JsonSchema,
  depth: number,
  seen: Set<string>,
): string[] {
  const required = new Set(schema.required ?? []);
  const lines: string[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    lines.push(
      ...itemLines(name, property, root, depth, seen, required.has(name) ? 'required' : 'optional'),
    );
  }
  return lines;
}

function itemLines(
  label: string,
  schema: JsonSchema,
  root: JsonSchema,
  depth: number,
  seen: Set<string>,
  presence?: 'required' | 'optional',
): string[] {
  const detail = describe(schema, root, depth + 1, seen);
  const summary = summaryOf(schema, root);
  const head = `- ${label} (${typeWord(schema, root)}${presence ? `, ${presence}` : ''})`;
  const firstIsSentence = detail.length > 0 && !isBlockHead(detail[0]);
  const text = [summary, firstIsSentence ? detail[0] : ''].filter(Boolean).join(' ');
  return [
    `${head}${text ? `: ${text}` : ''}`,
    ...indent(firstIsSentence ? detail.slice(1) : detail),
  ];
}

function isBlockHead(line: string): boolean {
  return /^(An object|One of these shapes|A list)/.test(line);
}

function summaryOf(schema: JsonSchema, root: JsonSchema): string {
  const own = schema.description ?? resolveRef(schema, root).description ?? '';
  return own.trim().replace(/\s*\n\s*/g, ' ');
}

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1) || 'the whole input';
}

function indent(lines: string[]): string[] {
  return lines.map((line) => INDENT + line);
}
