/**
 * Builds, once per tool at registration, the class the named parameters class-validator still
 * has a say on are transformed into and validated as: a `Date` (an ISO 8601 string becomes a
 * `Date`) or a DTO class (its own decorators, custom validators included). Every other named
 * parameter is judged by the schema gate alone and never reaches this class.
 */
import { Transform, Type } from 'class-transformer';
import { IsDate, IsObject, isISO8601, ValidateIf, ValidateNested } from 'class-validator';
import type { JsonSchema } from '../schema/JsonSchema';
import { isValidatedClass } from '../derive/deriveDtoSchema';
import type { ArgumentClass } from './types';

/** One named input property of a tool. */
export interface ArgumentProperty {
  name: string;
  schema: JsonSchema;
  /** The parameter's emitted run-time type (`design:paramtypes`), when known. */
  runtimeType?: unknown;
}

const toDate = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && isISO8601(value, { strict: true }) ? new Date(value) : value;

/** True when the schema allows `null` (`T | null` in any of the shapes codegen writes). */
const allowsNull = (schema: JsonSchema): boolean =>
  (Array.isArray(schema.type) && schema.type.includes('null')) ||
  Boolean(schema.anyOf?.some((branch) => branch.type === 'null')) ||
  Boolean(schema.enum?.includes(null));

/** Whether class-validator has a say on this property: what the schema cannot say. */
export function needsClassValidator(property: ArgumentProperty): boolean {
  return property.runtimeType === Date || isValidatedClass(property.runtimeType);
}

/** An absent property (reported by the schema gate when required) and an allowed `null` skip the value decorators. */
function presenceDecorator(property: ArgumentProperty): PropertyDecorator {
  const { name } = property;
  const nullable = allowsNull(property.schema);
  return ValidateIf(
    (o: Record<string, unknown>) => o[name] !== undefined && !(nullable && o[name] === null),
  );
}

function valueDecorators(property: ArgumentProperty): PropertyDecorator[] {
  const { runtimeType } = property;
  if (runtimeType === Date) {
    return [
      Transform(toDate, { toClassOnly: true }),
      IsDate({ message: '$property must be an ISO 8601 date-time string' }),
    ];
  }
  // IsObject: ValidateNested alone accepts an array of such objects.
  return [IsObject(), ValidateNested(), Type(() => runtimeType as new () => object)];
}

/** A fresh class named after the tool with the decorators of each given property applied. */
export function buildArgumentClass(
  toolName: string,
  properties: readonly ArgumentProperty[],
): ArgumentClass {
  const className = `${toolName.replace(/[^A-Za-z0-9_$]/g, '_')}_Arguments`;
  const ArgumentClass = { [className]: class {} }[className];
  for (const property of properties) {
    for (const decorate of [presenceDecorator(property), ...valueDecorators(property)]) {
      decorate(ArgumentClass.prototype, property.name);
    }
  }
  return ArgumentClass;
}
