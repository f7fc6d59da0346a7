/**
 * Small schema algebra the transform shares: laying keywords
 * (from JSDoc tags, class-validator decorators or `@Param({ schema })`) over a derived schema.
 */
import type { JsonSchema, JsonSchemaType } from '../../src/schema/JsonSchema';

/**
 * `keywords` laid over `base`. A keyword `type` replaces the base's type but keeps a `null` the
 * base allowed (`@IsInt()` on `number | null` is `['integer', 'null']`); a second `pattern`
 * joins the first through `allOf`, and `allOf` entries add up.
 */
export function mergeKeywords(base: JsonSchema, keywords: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...base };
  for (const [key, value] of Object.entries(keywords)) {
    if (value === undefined) continue;
    if (key === 'type' && typeof value === 'string' && nullable(base)) {
      out.type = [value as JsonSchemaType, 'null'];
    } else if (key === 'allOf' && Array.isArray(value)) {
      out.allOf = [...(out.allOf ?? []), ...(value as JsonSchema[])];
    } else if (key === 'pattern' && typeof out.pattern === 'string' && out.pattern !== value) {
      // Both rules hold (e.g. @Matches and @Length's length pattern): the second joins through allOf.
      out.allOf = [...(out.allOf ?? []), { pattern: value as string }];
    } else out[key] = value;
  }
  return out;
}

const nullable = (schema: JsonSchema): boolean =>
  Array.isArray(schema.type) && schema.type.includes('null');
