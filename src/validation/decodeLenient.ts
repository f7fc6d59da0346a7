/**
 * Models sometimes send an object or array property as a string of JSON. Where the schema
 * wants an object or array and the value is a string that parses to one, the parsed value
 * is used (and guarded like the input itself); everything else is left for the validator.
 */
import type { InputLimits } from '../registry/types';
import type { JsonSchema, ObjectSchema } from '../schema/JsonSchema';
import { guardValue } from './guardInput';

const wantsStructured = (schema: JsonSchema): boolean => {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('string')) return false;
  return (
    types.includes('object') ||
    types.includes('array') ||
    Boolean(schema.properties || schema.items)
  );
};

/** Returns a copy of `input` with double-encoded object/array properties decoded. */
export function decodeLenient(
  input: Record<string, unknown>,
  schema: ObjectSchema,
  limits: InputLimits,
): Record<string, unknown> {
  let output = input;
  for (const [key, propertySchema] of Object.entries(schema.properties)) {
    const value = input[key];
    if (typeof value !== 'string' || !wantsStructured(propertySchema) || !/^\s*[[{]/.test(value))
      continue;
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
