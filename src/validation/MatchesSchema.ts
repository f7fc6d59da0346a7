/**
 * A class-validator constraint that checks a property against a JSON Schema fragment, for
 * the shapes no built-in decorator expresses (object types, unions, tuples, records,
 * recursion). Keeps class-validator the one validator the registry runs.
 */
import { registerDecorator } from 'class-validator';
import type { JsonSchema } from '../schema/JsonSchema';
import { checkSchema } from './checkSchema';
import type { SchemaDefs } from './checkSchema';

/** The constraint's name in class-validator's errors; `formatValidationErrors` reads it. */
export const MATCHES_SCHEMA = 'matchesSchema';

/** Validates the property against `schema` (with `$defs` for `$ref`s). */
export function MatchesSchema(schema: JsonSchema, defs: SchemaDefs = {}): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: MATCHES_SCHEMA,
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value, args) =>
          checkSchema(value, schema, args?.property ?? '', defs).length === 0,
        defaultMessage: (args) =>
          checkSchema(args?.value, schema, args?.property ?? '', defs).join('\n'),
      },
    });
  };
}
