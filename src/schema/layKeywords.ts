/**
 * Laying keywords over a schema, the one merge codegen and the run-time rule set share: the
 * keywords of JSDoc tags, class-validator decorators or `@Param({ schema })` over a schema
 * derived from a type. Where both state a rule, either both rules hold (decorators each run,
 * documentation adds to its type), so the stricter is kept, or the later replaces the earlier.
 */
import type { JsonSchema, JsonSchemaType } from './JsonSchema';

/**
 * How a keyword both sides state is laid. `both`: both rules hold, as for a property's
 * decorators (class-validator runs each) or documentation over its type (a value of an alias is
 * a value of what it names): the larger lower bound and the smaller upper bound are kept, two
 * steps or patterns are both stated, and an `enum` keeps the values both list. A second `format`
 * still replaces the first: two formats rarely both hold (`@format date` on a `Date` under
 * `@IsDate()` would leave nothing). `override`: the later states the rule instead, as for a
 * user's explicit `@Param({ schema })` fragment (the run-time path spreads it over the type's
 * schema the same way); two patterns still both hold there.
 */
export type Laying = 'both' | 'override';

const LOWER = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']);
const UPPER = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']);

const nullable = (schema: JsonSchema): boolean =>
  Array.isArray(schema.type) && schema.type.includes('null');

/** Whether every multiple of `step` is one of `of` (said only where integer arithmetic is exact). */
const stepsWithin = (step: number, of: number): boolean =>
  Number.isSafeInteger(step) && Number.isSafeInteger(of) && of !== 0 && step % of === 0;

/** `keyword: value` laid where `out` already states another value of it and both must hold. */
function layBoth(out: JsonSchema, key: string, value: unknown): void {
  const had = out[key];
  if (JSON.stringify(had) === JSON.stringify(value)) return;
  if (LOWER.has(key) && typeof value === 'number' && typeof had === 'number') {
    out[key] = Math.max(had, value);
  } else if (UPPER.has(key) && typeof value === 'number' && typeof had === 'number') {
    out[key] = Math.min(had, value);
  } else if (key === 'uniqueItems') {
    out[key] = had === true || value === true;
  } else if (key === 'multipleOf' && typeof value === 'number' && typeof had === 'number') {
    // One step that is a multiple of the other says both; else the second joins through allOf.
    if (stepsWithin(value, had)) out[key] = value;
    else if (!stepsWithin(had, value)) out.allOf = [...(out.allOf ?? []), { multipleOf: value }];
  } else if (key === 'enum' && Array.isArray(value) && Array.isArray(had)) {
    const said = new Set(value.map((v) => JSON.stringify(v)));
    out.enum = had.filter((v) => said.has(JSON.stringify(v)));
  } else out[key] = value;
}

/**
 * `keywords` laid over `base` (`laying`: see `Laying`; `both` unless said). A keyword `type`
 * replaces the base's type but keeps a `null` the base allowed (`@IsInt()` on `number | null`
 * is `['integer', 'null']`); a second `pattern` joins the first through `allOf` (both rules
 * hold, as both decorators run) instead of replacing it, and `allOf` entries add up. Words
 * (`description`, `default`, ...) are the later's. Undefined keywords are skipped.
 */
export function layKeywords(
  base: JsonSchema,
  keywords: JsonSchema,
  laying: Laying = 'both',
): JsonSchema {
  const out: JsonSchema = { ...base };
  for (const [key, value] of Object.entries(keywords)) {
    if (value === undefined) continue;
    if (key === 'type' && typeof value === 'string' && nullable(base)) {
      out.type = [value as JsonSchemaType, 'null'];
    } else if (key === 'allOf' && Array.isArray(value)) {
      out.allOf = [...(out.allOf ?? []), ...(value as JsonSchema[])];
    } else if (key === 'pattern' && typeof out.pattern === 'string' && out.pattern !== value) {
      out.allOf = [...(out.allOf ?? []), { pattern: value as string }];
    } else if (laying === 'both' && out[key] !== undefined) layBoth(out, key, value);
    else out[key] = value;
  }
  return out;
}
