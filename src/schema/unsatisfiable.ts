/**
 * Decides, where it can soundly, that no value satisfies a property's schema: its decorators
 * left no JSON type (`@Min` on a string), an empty `enum`, or bounds that cross (`@Min(10)
 * @Max(1)`, `@MinLength(5) @MaxLength(2)`, `@ArrayMinSize(3) @ArrayMaxSize(1)`) for every type
 * the schema allows. It says nothing of what it cannot decide (two patterns, a pattern against a
 * format): a schema it passes may still be empty.
 */
import type { JsonSchema, JsonSchemaType } from './JsonSchema';
import { typesOf } from './typesOf';

const ALL: JsonSchemaType[] = ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'];

const below = (low: number | undefined, high: number | undefined): boolean =>
  low === undefined || high === undefined || low <= high;

/** Why no number passes the numeric keywords, if none does. */
function numbersFail(schema: JsonSchema, integer: boolean): string | undefined {
  const { minimum, maximum, exclusiveMinimum: xmin, exclusiveMaximum: xmax } = schema;
  const low = Math.max(minimum ?? -Infinity, xmin ?? -Infinity);
  const lowOpen = xmin !== undefined && xmin >= (minimum ?? -Infinity);
  const high = Math.min(maximum ?? Infinity, xmax ?? Infinity);
  const highOpen = xmax !== undefined && xmax <= (maximum ?? Infinity);
  const range = `${lowOpen ? 'above' : 'at least'} ${low}, ${highOpen ? 'below' : 'at most'} ${high}`;
  if (low > high || (low === high && (lowOpen || highOpen))) {
    return `its bounds leave no number (${range})`;
  }
  if (integer && Number.isFinite(low) && Number.isFinite(high)) {
    const first = lowOpen ? Math.floor(low) + 1 : Math.ceil(low);
    const last = highOpen ? Math.ceil(high) - 1 : Math.floor(high);
    if (first > last) return `its bounds leave no integer (${range})`;
  }
  return undefined;
}

/** Why no value of `type` passes the schema's keywords for it, if none does. */
function typeFails(schema: JsonSchema, type: JsonSchemaType): string | undefined {
  switch (type) {
    case 'string':
      return below(schema.minLength, schema.maxLength)
        ? undefined
        : `its length must be at least ${schema.minLength} and at most ${schema.maxLength}`;
    case 'number':
    case 'integer':
      return numbersFail(schema, type === 'integer');
    case 'array':
      return below(schema.minItems, schema.maxItems)
        ? undefined
        : `it must have at least ${schema.minItems} and at most ${schema.maxItems} elements`;
    default:
      return undefined;
  }
}

/** Why no value satisfies `schema`, when that can be decided from its keywords alone. */
export function unsatisfiable(schema: JsonSchema): string | undefined {
  const types = schema.type === undefined ? ALL : typesOf(schema);
  if (types.length === 0)
    return 'its decorators leave no JSON type (each refuses the others’ types)';
  if (schema.enum && schema.enum.length === 0) return 'no value is left in its enum';
  const reasons = types.map((type) => typeFails(schema, type));
  if (reasons.every((reason) => reason !== undefined)) return reasons[0];
  if (schema.items && typeof schema.items === 'object' && types.includes('array')) {
    const inner = unsatisfiable(schema.items);
    // An empty array still satisfies an array whose elements nothing satisfies, unless one is required.
    if (inner && (schema.minItems ?? 0) > 0) return `no element can be valid: ${inner}`;
  }
  return undefined;
}
