/**
 * One keyword of a node in a strict projection, by the provider's table (`strictRules.ts`): kept,
 * turned into words for the description, or refused; with the few keywords that need more than
 * the table (`const` without `const`, simple patterns only, `minItems` above 1). The structural
 * keywords (properties, items, unions, `$ref`) are the walk's own, in `projectStrictSchema`.
 */
import type { JsonSchema, JsonSchemaType, JsonValue } from '../JsonSchema';
import type { Dropped } from './constraintWords';
import { isSimplePattern } from './isSimplePattern';
import { refuse } from './Refusal';
import { SILENT_KEYWORDS } from './strictRules';
import type { StrictWalk } from './StrictWalk';

/** One keyword of the node, by the provider's table: kept, worded, or refused. */
export function projectKeyword(
  keyword: string,
  value: unknown,
  walk: StrictWalk,
  path: string,
  out: JsonSchema,
  dropped: Dropped,
): void {
  const { rules } = walk;
  switch (keyword) {
    case 'prefixItems':
      return refuse(
        path,
        'a tuple (an array with fixed positions); strict mode has no prefixItems',
      );
    case 'patternProperties':
      return refuse(
        path,
        'an object with keys matching a pattern (patternProperties); strict tools need additionalProperties: false on every object',
      );
    case 'const':
      if (rules.constKeyword) out.const = value as JsonValue;
      else out.enum = [value as JsonValue];
      return;
    case 'format':
      if (rules.formats.has(String(value))) out.format = value as string;
      else dropped.format = value;
      return;
    case 'pattern':
      if (typeof value === 'string' && isSimplePattern(value)) out.pattern = value;
      else dropped.pattern = [...((dropped.pattern as string[]) ?? []), String(value)];
      return;
    case 'minItems':
      if (typeof value === 'number' && rules.minItems(value)) out.minItems = value;
      else {
        dropped.minItems = value;
        if (typeof value === 'number' && value > 1 && rules.minItems(1)) out.minItems = 1;
      }
      return;
    case 'type':
      out.type = Array.isArray(value)
        ? [...(value as JsonSchemaType[])]
        : (value as JsonSchemaType);
      if (Array.isArray(value) && value.length > 1) walk.stats.unions++;
      return;
  }
  if (rules.keeps.has(keyword)) out[keyword] = value;
  else if (!SILENT_KEYWORDS.has(keyword)) dropped[keyword] = value;
}
