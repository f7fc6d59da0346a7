/**
 * JSDoc tags users write on properties, type aliases, interfaces and classes, and the JSON Schema
 * keyword each sets (the tags other schema generators read). A tag whose text cannot be read as
 * its keyword's value is a TW206 warning at the tag's line, never silently dropped.
 */
import type { ts } from '../typescript';
import type { JsonSchema, JsonSchemaType, JsonValue } from '../../src/schema/JsonSchema';
import type { JsDoc, JsDocTag } from '../collect/readJsDoc';
import type { DiagnosticCode } from '../diagnostics';
import { layKeywords } from '../../src/schema/layKeywords';
import { dateTimeSchema } from '../../src/schema/formatPatterns';
import { typesOf } from '../../src/schema/typesOf';

/** Reads a tag's text as its keyword's value; `undefined` when the text is malformed. */
type TagReader = (text: string) => JsonValue | undefined;

const number: TagReader = (text) => {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) ? value : undefined;
};
const count: TagReader = (text) => {
  const value = number(text);
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
};
const positive: TagReader = (text) => {
  const value = number(text);
  return typeof value === 'number' && value > 0 ? value : undefined;
};
const string: TagReader = (text) => text.trim() || undefined;
const pattern: TagReader = (text) => {
  try {
    new RegExp(text, 'u');
    return string(text);
  } catch {
    return undefined;
  }
};
const flag: TagReader = (text) =>
  text.trim() === '' || text.trim() === 'true' ? true : text.trim() === 'false' ? false : undefined;
const json: TagReader = (text) => {
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return string(text);
  }
};
const examples: TagReader = (text) => {
  const value = json(text);
  return value === undefined ? undefined : Array.isArray(value) ? value : [value];
};

const NUMBERS: JsonSchemaType[] = ['number', 'integer'];

/**
 * Each supported tag: what its text must be (for the warning), how it is read, and the JSON types
 * it applies to (a `@minimum` on a string is reported, not emitted).
 */
export const JSDOC_KEYWORD_TAGS: Record<
  string,
  { expects: string; read: TagReader; appliesTo?: JsonSchemaType[] }
> = {
  minimum: { expects: 'a number', read: number, appliesTo: NUMBERS },
  maximum: { expects: 'a number', read: number, appliesTo: NUMBERS },
  exclusiveMinimum: { expects: 'a number', read: number, appliesTo: NUMBERS },
  exclusiveMaximum: { expects: 'a number', read: number, appliesTo: NUMBERS },
  multipleOf: { expects: 'a number above 0', read: positive, appliesTo: NUMBERS },
  minLength: { expects: 'a whole number ≥ 0', read: count, appliesTo: ['string'] },
  maxLength: { expects: 'a whole number ≥ 0', read: count, appliesTo: ['string'] },
  minItems: { expects: 'a whole number ≥ 0', read: count, appliesTo: ['array'] },
  maxItems: { expects: 'a whole number ≥ 0', read: count, appliesTo: ['array'] },
  uniqueItems: { expects: 'nothing, true or false', read: flag, appliesTo: ['array'] },
  pattern: { expects: 'a regular expression', read: pattern, appliesTo: ['string'] },
  format: { expects: 'a format name', read: string, appliesTo: ['string'] },
  title: { expects: 'a text', read: string },
  description: { expects: 'a text', read: string },
  default: { expects: 'a JSON value', read: json },
  examples: { expects: 'a JSON value or array', read: examples },
  deprecated: { expects: 'nothing, or why', read: () => true },
};

/** Reports a problem at a node (the tag), or at the place being described when it has none. */
export type DocReporter = (
  node: ts.Node | undefined,
  code: DiagnosticCode,
  message: string,
) => void;

/**
 * The keywords the documentation of a declaration sets over `schema` (what its type derived):
 * the summary as `description`, then its tags (a rule tagged twice holds twice: see `layKeywords`).
 */
export function docKeywords(
  doc: JsDoc,
  schema: JsonSchema,
  where: string,
  report: DocReporter,
): JsonSchema {
  let out: JsonSchema = {};
  if (doc.summary) out.description = doc.summary;
  for (const tag of doc.tags) {
    const keyword = tagKeyword(tag, schema, where, report);
    // A tag written twice states its rule twice, and both hold (`@maxLength 10 @maxLength 20`
    // is at most 10), as where a tag meets a decorator or its type's tag; words stay the later's.
    if (keyword) out = layKeywords(out, keyword);
    else if (!hasKeyword(tag.name)) reportSchemaLookingTag(tag, where, report);
  }
  // JSON Schema's `deprecated` is a flag: the reason the tag gives goes into the description.
  const reason = doc.tags.find((tag) => tag.name === 'deprecated')?.text.trim();
  if (reason)
    out.description = [out.description, `Deprecated: ${reason}`].filter(Boolean).join(' ');
  return out;
}

const hasKeyword = (name: string): boolean =>
  Object.prototype.hasOwnProperty.call(JSDOC_KEYWORD_TAGS, name);

/**
 * Tags other schema generators read (typescript-json-schema, ts-json-schema-generator) that
 * toolwright does not: what each means in toolwright's terms, so the user is told, not ignored.
 */
const SCHEMA_LOOKING_TAGS: Record<string, string> = {
  nullable: 'write `| null` in the type',
  ignore: 'leave the property out of the type (or make it optional)',
  hidden: 'leave the property out of the type (or make it optional)',
  type: 'say it with the TypeScript type (or @format, @pattern)',
  asType: 'say it with the TypeScript type (or @format, @pattern)',
  discriminator: 'a union of object types with a literal property is described as it is',
  const: 'use a literal type',
  enum: 'use a union of literal types or an enum',
  minProperties: 'say it in the description',
  maxProperties: 'say it in the description',
  additionalProperties: 'object types are closed; add an index signature to allow more',
  readOnly: 'say it in the description',
  writeOnly: 'say it in the description',
  id: 'the schema has no $id',
  $ref: 'name the type instead',
  contentMediaType: 'say it in the description',
  contentEncoding: 'say it in the description',
};

/** A tag that looks like a schema keyword but is none of toolwright's: a TW214 warning. */
function reportSchemaLookingTag(tag: JsDocTag, where: string, report: DocReporter): void {
  // JSDoc reads `@items.minimum 3` as the tag `items` with the text `.minimum 3`.
  const name = tag.text.startsWith('.') ? `${tag.name}${tag.text.split(/\s/, 1)[0]}` : tag.name;
  const fix = name.startsWith('TJS-')
    ? 'say it with the TypeScript type or one of the tags toolwright reads (@minimum, @pattern, @format, ...)'
    : name.includes('.')
      ? 'put the tag on the type it is about (a type alias of the array element, say)'
      : Object.prototype.hasOwnProperty.call(SCHEMA_LOOKING_TAGS, name)
        ? SCHEMA_LOOKING_TAGS[name]
        : undefined;
  if (!fix) return;
  report(
    tag.node,
    'TW214',
    `@${name} on ${where} is not a tag toolwright reads, so it changes nothing in the schema; ${fix}`,
  );
}

/** The schema of a `Date` (an ISO 8601 date-time string, as `toJSON` writes it). */
const DATE_TIME = dateTimeSchema();
const isDateSchema = (schema: JsonSchema): boolean =>
  schema.format === DATE_TIME.format && schema.pattern === DATE_TIME.pattern;

/** Formats a `Date` can be described by: a date and time, or a date alone (what `new Date()` reads). */
const DATE_FORMATS: readonly unknown[] = ['date-time', 'date'];

function tagKeyword(
  tag: JsDocTag,
  schema: JsonSchema,
  where: string,
  report: DocReporter,
): JsonSchema | undefined {
  const spec = Object.prototype.hasOwnProperty.call(JSDOC_KEYWORD_TAGS, tag.name)
    ? JSDOC_KEYWORD_TAGS[tag.name]
    : undefined;
  if (!spec) return undefined;
  const value = spec.read(tag.text);
  if (value === undefined) {
    report(
      tag.node,
      'TW206',
      `@${tag.name} ${tag.text ? `"${tag.text}" ` : ''}on ${where} is not ${spec.expects}; fix the tag (it is ignored)`,
    );
    return undefined;
  }
  if (tag.name === 'format' && isDateSchema(schema) && !DATE_FORMATS.includes(value)) {
    report(
      tag.node,
      'TW206',
      `@format ${String(value)} on ${where}: a Date holds a date and a time, so it is a date-time or a date; fix the tag (it is ignored), or take a string for a ${String(value)}`,
    );
    return undefined;
  }
  const types = typesOf(schema);
  if (spec.appliesTo && !spec.appliesTo.some((type) => types.includes(type))) {
    report(
      tag.node,
      'TW206',
      `@${tag.name} on ${where} applies to ${spec.appliesTo.join(' or ')} values, not to ${types.join(' or ') || 'this type'}; fix the tag (it is ignored)`,
    );
    return undefined;
  }
  return { [tag.name]: value };
}

/**
 * `keywords` from documentation laid over a derived schema: its words win, and where both state
 * a rule both hold (the stricter bound is kept: a value of an alias is one of what it names, and
 * a property documented `@minItems 1` is still the tuple its type says). A `@format`
 * on a `Date` replaces its date-time format and pattern (`@format date`: a date alone), since
 * both cannot hold at once.
 */
export function withDocKeywords(schema: JsonSchema, keywords: JsonSchema): JsonSchema {
  if (!Object.keys(keywords).length) return schema;
  if (keywords.format !== undefined && keywords.format !== 'date-time' && isDateSchema(schema)) {
    const { format: _format, pattern: _pattern, ...rest } = schema;
    return layKeywords(rest, keywords);
  }
  return layKeywords(schema, keywords);
}
