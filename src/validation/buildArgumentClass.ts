/**
 * Builds, once per tool at registration, the class the model's input is transformed into
 * and validated as: one property per named parameter, each with the class-validator and
 * class-transformer decorators its schema and run-time type call for.
 */
import { Transform, Type } from 'class-transformer';
import { IsDate, IsObject, isISO8601, ValidateIf, ValidateNested } from 'class-validator';
import type { JsonSchema } from '../schema/JsonSchema';
import { isValidatedClass } from '../schema/derive/deriveDtoSchema';
import { decoratorsForSchema, splitNullable } from './schemaDecorators';

/** One named input property of a tool. */
export interface ArgumentProperty {
  name: string;
  schema: JsonSchema;
  /** The parameter's emitted run-time type (`design:paramtypes`), when known. */
  runtimeType?: unknown;
}

/** A class the input is transformed into with `plainToInstance`. */
export type ArgumentClass = new () => object;

const toDate = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && isISO8601(value, { strict: true }) ? new Date(value) : value;

/**
 * An absent property (reported once by the schema gate when required) and an allowed `null`
 * skip the value decorators.
 */
function presenceDecorator(property: ArgumentProperty, nullable: boolean): PropertyDecorator {
  const { name } = property;
  return ValidateIf(
    (o: Record<string, unknown>) => o[name] !== undefined && !(nullable && o[name] === null),
  );
}

function valueDecorators(property: ArgumentProperty, schema: JsonSchema): PropertyDecorator[] {
  const { runtimeType } = property;
  if (runtimeType === Date) {
    return [
      Transform(toDate, { toClassOnly: true }),
      IsDate({ message: '$property must be an ISO 8601 date-time string' }),
    ];
  }
  if (isValidatedClass(runtimeType)) {
    // IsObject: ValidateNested alone accepts an array of such objects.
    return [IsObject(), ValidateNested(), Type(() => runtimeType as new () => object)];
  }
  return decoratorsForSchema(schema);
}

/** A fresh class named after the tool with the decorators of every property applied. */
export function buildArgumentClass(
  toolName: string,
  properties: readonly ArgumentProperty[],
): ArgumentClass {
  const className = `${toolName.replace(/[^A-Za-z0-9_$]/g, '_')}_Arguments`;
  const ArgumentClass = { [className]: class {} }[className];
  for (const property of properties) {
    const { schema, nullable } = splitNullable(property.schema);
    const decorators = [
      presenceDecorator(property, nullable),
      ...valueDecorators(property, schema),
    ];
    for (const decorate of decorators) decorate(ArgumentClass.prototype, property.name);
  }
  return ArgumentClass;
}
