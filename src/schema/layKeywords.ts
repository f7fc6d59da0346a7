/**
 * Laying keywords over a schema, the one merge codegen and the run-time rule set share: the
 * keywords of JSDoc tags, class-validator decorators or `@Param({ schema })` over a schema
 * derived from a type.
 */
import type { JsonSchema, JsonSchemaType } from './JsonSchema';

const nullable = (schema: JsonSchema): boolean =>
  Array.isArray(schema.type) && schema.type.includes('null');

/**
 * `keywords` laid over `base`. A keyword `type` replaces the base's type but keeps a `null` the
 * base allowed (`@IsInt()` on `number | null` is `['integer', 'null']`); a second `pattern`
 * joins the first through `allOf` (both rules hold, as both decorators run) instead of
 * replacing it, and `allOf` entries add up. Undefined keywords are skipped.
 */
export function layKeywords(base: JsonSchema, keywords: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...base };
  for (const [key, value] of Object.entries(keywords)) {
    if (value === undefined) continue;
    if (key === 'type' && typeof value === 'string' && nullable(base)) {
      out.type = [value as JsonSchemaType, 'null'];
    } else if (key === 'allOf' && Array.isArray(value)) {
      out.allOf = [...(out.allOf ?? []), ...(value as JsonSchema[])];
    } else if (key === 'pattern' && typeof out.pattern === 'string' && out.pattern !== value) {
      out.allOf = [...(out.allOf ?? []), { pattern: value as string }];
    } else out[key] = value;
  }
  return out;
}
