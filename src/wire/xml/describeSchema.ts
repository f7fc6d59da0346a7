/**
 * Describes a JSON Schema in the plain words the legacy prompt format uses: a type word
 * (`string`, `integer`, `number`, `boolean`, `array`, `object`) and sentences for everything
 * else a model must respect: required or optional, enums, constraints (bounds, formats, defaults,
 * in the words of the one constraint table), array item types and nested object shapes (as
 * indented `- name (type, required): ...` lines).
 */
import type { JsonSchema } from '../../schema/JsonSchema';
import { constraintWords, WORDED_KEYWORDS } from '../../schema/strict/constraintWords';
import { allowedTypes, resolveRef } from './schemaShape';

const MAX_DEPTH = 6;
const INDENT = '  ';

/**
 * The keywords worded by the one constraint table (`schema/strict/constraintWords.ts`), less
 * `oneOf`, whose alternatives the prompt describes as shapes instead.
 */
const CONSTRAINTS = [...WORDED_KEYWORDS].filter((keyword) => keyword !== 'oneOf');

/** The schema's constraints in the table's words, as one sentence; empty when it has none. */
function constraintSentence(schema: JsonSchema): string {
  const present = CONSTRAINTS.filter((keyword) => schema[keyword] !== undefined);
  const words = constraintWords(
    Object.fromEntries(present.map((keyword) => [keyword, schema[keyword]])),
    schema,
  );
  return words.length ? `Constraints: ${words.join('; ')}.` : '';
}

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
  out.push(constraintSentence(schema));
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
