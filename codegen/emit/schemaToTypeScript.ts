/**
 * Writes a JSON Schema back as a TypeScript type, for the input types of the generated module
 * (`GetWeatherInput`), so manual-mode code can type the inputs it receives. Only the subset
 * codegen emits needs to be understood; anything else is `unknown`.
 */
import type { JsonSchema, JsonValue } from '../../src/schema/JsonSchema';
import { typesOf } from '../../src/schema/typesOf';

/** How `$ref`s are named: `#/$defs/Node` → the TypeScript name of that definition. */
export type RefNamer = (ref: string) => string;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A string as a single-quoted TypeScript literal. */
export const quote = (text: string): string =>
  `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`;

/** A property key as TypeScript writes it. */
export const propertyName = (name: string): string => (IDENTIFIER.test(name) ? name : quote(name));

const literal = (value: JsonValue): string =>
  typeof value === 'string' ? quote(value) : value === null ? 'null' : JSON.stringify(value);

const SIMPLE_TYPES: Record<string, string> = {
  string: 'string',
  number: 'number',
  integer: 'number',
  boolean: 'boolean',
  null: 'null',
};

const union = (members: string[]): string => {
  const unique = [...new Set(members)];
  return unique.length ? unique.join(' | ') : 'never';
};

const arrayOf = (element: string): string =>
  /^[A-Za-z0-9_$.']+$/.test(element) ? `${element}[]` : `Array<${element}>`;

/** A JSDoc comment for a description, indented. */
export function docComment(description: unknown, indent: string): string {
  if (typeof description !== 'string' || !description) return '';
  const lines = description.replace(/\*\//g, '*\\/').split('\n');
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} *${line ? ` ${line}` : ''}`).join('\n')}\n${indent} */\n`;
}

/** The TypeScript type of `schema`, at nesting depth `level` (2-space indentation). */
export function schemaToTypeScript(
  schema: JsonSchema | boolean,
  refName: RefNamer,
  level = 0,
): string {
  if (schema === true) return 'unknown';
  if (schema === false) return 'never';
  if (typeof schema.$ref === 'string') return refName(schema.$ref);
  if (schema.enum) return union(schema.enum.map(literal));
  if (schema.const !== undefined) return literal(schema.const);
  if (schema.anyOf || schema.oneOf) {
    return union(
      (schema.anyOf ?? schema.oneOf ?? []).map((s) => schemaToTypeScript(s, refName, level)),
    );
  }
  const types = typesOf(schema);
  if (!types.length) return schema.properties ? objectType(schema, refName, level) : 'unknown';
  return union(
    types.map((type) => {
      if (type === 'array') return arrayType(schema, refName, level);
      if (type === 'object') return objectType(schema, refName, level);
      return SIMPLE_TYPES[type] ?? 'unknown';
    }),
  );
}

function arrayType(schema: JsonSchema, refName: RefNamer, level: number): string {
  if (schema.prefixItems) {
    const min = schema.minItems ?? schema.prefixItems.length;
    const elements = schema.prefixItems.map(
      (item, index) => `${schemaToTypeScript(item, refName, level)}${index >= min ? '?' : ''}`,
    );
    if (schema.items)
      elements.push(`...${arrayOf(schemaToTypeScript(schema.items, refName, level))}`);
    return `[${elements.join(', ')}]`;
  }
  const items =
    schema.items === undefined ? 'unknown' : schemaToTypeScript(schema.items, refName, level);
  return arrayOf(items);
}

/** An object schema as a type literal (`{ a: string; b?: number }`, one member per line). */
export function objectType(schema: JsonSchema, refName: RefNamer, level: number): string {
  const indent = '  '.repeat(level + 1);
  const required = new Set(schema.required ?? []);
  const members = Object.entries(schema.properties ?? {}).map(
    ([name, property]) =>
      `${docComment(property.description, indent)}${indent}${propertyName(name)}${required.has(name) ? '' : '?'}: ${schemaToTypeScript(property, refName, level + 1)};`,
  );
  const extra = schema.additionalProperties;
  if (extra !== undefined && extra !== false) {
    members.push(
      `${indent}[key: string]: ${extra === true ? 'unknown' : schemaToTypeScript(extra, refName, level + 1)};`,
    );
  }
  if (!members.length) return extra === false ? 'Record<string, never>' : 'Record<string, unknown>';
  return `{\n${members.join('\n')}\n${'  '.repeat(level)}}`;
}
