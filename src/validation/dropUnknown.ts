/**
 * Drops the properties a closed object schema does not name, as class-validator's whitelist does
 * when `forbidNonWhitelisted` is off: a copy of the guarded input, before the schema gate, so the
 * gate judges what class-validator would. Follows `properties`, `items`, `prefixItems`, `$ref` and
 * `then` (an exact `@ValidateIf`'s schema names no property the object does not); not `anyOf`/
 * `oneOf`, where which branch names a property is not known, so those still refuse an unknown one.
 */
import type { JsonSchema } from '../schema/JsonSchema';
import { refTarget } from '../schema/refs';

type Defs = Record<string, JsonSchema>;

/** True for a property `schema` would refuse as unknown. */
function unknownTo(schema: JsonSchema, key: string): boolean {
  if (schema.additionalProperties !== false || !schema.properties) return false;
  if (Object.hasOwn(schema.properties, key)) return false;
  return !Object.keys(schema.patternProperties ?? {}).some((pattern) =>
    new RegExp(pattern, 'u').test(key),
  );
}

/** A copy of `value` without the properties its (closed) object schemas do not name. */
export function dropUnknown(value: unknown, schema: JsonSchema, defs: Defs): unknown {
  if (value === null || typeof value !== 'object') return value;
  const target = schema.$ref ? refTarget(schema.$ref, defs) : undefined;
  if (target) return dropUnknown(value, target, defs);
  if (Array.isArray(value)) {
    const prefix = schema.prefixItems ?? [];
    return value.map((item, i) => {
      const itemSchema = i < prefix.length ? prefix[i] : schema.items;
      return itemSchema && typeof itemSchema === 'object'
        ? dropUnknown(item, itemSchema, defs)
        : item;
    });
  }
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    if (unknownTo(schema, key)) continue;
    const schemas = [
      schema.properties?.[key],
      ...(schema.allOf ?? []).map((part) => part.then?.properties?.[key]),
    ].filter((s): s is JsonSchema => s !== undefined);
    // defineProperty: a property named "__proto__" stays a property.
    Object.defineProperty(out, key, {
      value: schemas.reduce((kept, s) => dropUnknown(kept, s, defs), record[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
