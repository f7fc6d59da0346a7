/**
 * Puts a schema's `default`s into checked input where the property is absent, so the method
 * receives what the schema promised the model: a class property's initializer reaches a named
 * `@Param` of that class and a nested object class-transformer did not instantiate, as
 * `plainToInstance` gives it to a `@Params` DTO. Follows `properties`, `items`, `prefixItems`,
 * `allOf` and `$ref`; not `anyOf`/`oneOf`, where which branch's default applies is not known.
 */
import type { JsonSchema } from '../schema/JsonSchema';
import { refTarget } from '../schema/refs';

type Defs = Record<string, JsonSchema>;

const withDefaults = new WeakMap<JsonSchema, boolean>();

/** True when a `default` sits anywhere `applyDefaults` looks (cached per schema object). */
export function hasDefaults(schema: JsonSchema, defs: Defs = schema.$defs ?? {}): boolean {
  const known = withDefaults.get(schema);
  if (known !== undefined) return known;
  withDefaults.set(schema, false);
  const found =
    Object.values(schema.properties ?? {}).some(
      (p) => p.default !== undefined || hasDefaults(p, defs),
    ) ||
    (typeof schema.items === 'object' && hasDefaults(schema.items, defs)) ||
    (schema.prefixItems ?? []).some((s) => hasDefaults(s, defs)) ||
    (schema.allOf ?? []).some((s) => hasDefaults(s, defs)) ||
    (schema.$ref !== undefined && hasDefaults(refTarget(schema.$ref, defs) ?? {}, defs));
  withDefaults.set(schema, found);
  return found;
}

const copy = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/** Fills absent properties of `value` (checked JSON, owned by the caller) with their schema defaults, in place. */
export function applyDefaults(value: unknown, schema: JsonSchema, defs: Defs): void {
  if (value === null || typeof value !== 'object') return;
  if (schema.$ref) {
    const target = refTarget(schema.$ref, defs);
    if (target) applyDefaults(value, target, defs);
  }
  for (const part of schema.allOf ?? []) applyDefaults(value, part, defs);
  if (Array.isArray(value)) {
    const prefix = schema.prefixItems ?? [];
    value.forEach((item, i) => {
      const itemSchema = i < prefix.length ? prefix[i] : schema.items;
      if (itemSchema && typeof itemSchema === 'object') applyDefaults(item, itemSchema, defs);
    });
    return;
  }
  const record = value as Record<string, unknown>;
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const present = Object.hasOwn(record, name) ? record[name] : undefined;
    if (present !== undefined) applyDefaults(present, property, defs);
    else if (property.default !== undefined) {
      // defineProperty: a property named "__proto__" stays a property.
      Object.defineProperty(record, name, {
        value: copy(property.default),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
}
