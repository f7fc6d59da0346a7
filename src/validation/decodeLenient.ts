/**
 * Models sometimes send an object or array property as a string of JSON. Where the schema
 * wants an object or array and the value is a string that parses to one, the parsed value
 * is used (and guarded like the input itself); everything else is left for the validator.
 */
import type { InputLimits } from './types';
import type { JsonSchema, ObjectSchema } from '../schema/JsonSchema';
import { guardValue } from './guardInput';
import { typesOf } from '../schema/typesOf';

const wantsStructured = (schema: JsonSchema): boolean => {
  const types = typesOf(schema);
  if (types.includes('string')) return false;
  return (
    types.includes('object') ||
    types.includes('array') ||
    Boolean(schema.properties || schema.items)
  );
};

/** The properties of each schema that may arrive double-encoded, computed once per schema. */
const STRUCTURED = new WeakMap<ObjectSchema, string[]>();
function structuredKeys(schema: ObjectSchema): string[] {
  let keys = STRUCTURED.get(schema);
  if (!keys) {
    keys = Object.keys(schema.properties).filter((key) => wantsStructured(schema.properties[key]));
    STRUCTURED.set(schema, keys);
  }
  return keys;
}

/** Returns a copy of `input` with double-encoded object/array properties decoded. */
export function decodeLenient(
  input: Record<string, unknown>,
  schema: ObjectSchema,
  limits: InputLimits,
): Record<string, unknown> {
  let output = input;
  for (const key of structuredKeys(schema)) {
    const value = input[key];
    if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      continue;
    }
    if (!guardValue({ [key]: parsed }, limits).ok) continue;
    if (output === input) output = { ...input };
    output[key] = parsed;
  }
  return output;
}
