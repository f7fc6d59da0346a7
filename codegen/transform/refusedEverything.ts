/**
 * Decorators that refuse every value a model can send for their property, reported at codegen
 * (TW120, at the decorator) so the user hears it once, with the fix, instead of the model hearing
 * it on every call: class-validator's `@IsDecimal` checks a string (validator.js `isDecimal`)
 * and refuses every number, so on a `number` property nothing passes; `@IsDate` wants a `Date`
 * instance, which JSON never carries: without `@Type(() => Date)` (or a `@Transform`) the text
 * the model sends stays text and is refused. A table: one entry per such decorator.
 */
import { ts } from '../typescript';
import type { JsonSchema, JsonSchemaType } from '../../src/schema/JsonSchema';
import { decoratorArguments } from '../collect/decoratorOrigin';
import type { SchemaSource } from './SchemaSource';

/** What the check of one decorator knows of its property. */
interface PropertyFacts {
  /** `Class.property`, as the other diagnostics name it. */
  path: string;
  /** The JSON types the property's TypeScript type allows (of each element under `each`), when known. */
  types: readonly JsonSchemaType[] | undefined;
  /** A class-transformer `@Type(() => Date)` or `@Transform` turns the sent value into something else. */
  converted: boolean;
}

/** Per decorator: why it refuses every value the property can be sent, with the fix; or nothing. */
const REFUSES_EVERY_VALUE: Record<string, (facts: PropertyFacts) => string | undefined> = {
  IsDecimal: ({ path, types, converted }) =>
    converted || types === undefined || types.includes('string')
      ? undefined
      : `@IsDecimal on ${path} checks a string (validator.js isDecimal) and refuses every number, ` +
        'so no value the model sends can pass; type the property as a string, or use ' +
        '@IsNumber({ maxDecimalPlaces: n }) for a number',
  IsDate: ({ path, converted }) =>
    converted
      ? undefined
      : `@IsDate on ${path} wants a Date instance, which JSON never carries: the date-time text ` +
        'the model sends stays text and class-validator refuses it; add @Type(() => Date) ' +
        '(class-transformer) so the text becomes a Date',
};

const typesOf = (schema: JsonSchema | false | undefined): JsonSchemaType[] | undefined => {
  if (!schema || schema.type === undefined) return undefined;
  return Array.isArray(schema.type) ? schema.type : [schema.type];
};

/** True when the decorator's last argument is an options object with `each: true`. */
function isEach(decorator: ts.Decorator): boolean {
  const last = decoratorArguments(decorator).at(-1);
  if (!last || !ts.isObjectLiteralExpression(last)) return false;
  return last.properties.some(
    (p) =>
      ts.isPropertyAssignment(p) &&
      p.name.getText() === 'each' &&
      p.initializer.kind === ts.SyntaxKind.TrueKeyword,
  );
}

/** `@Type(() => Date)`, or any `@Transform`: the value class-validator sees is not the text sent. */
function converts(builder: SchemaSource, decorator: ts.Decorator): boolean {
  const name = builder.context.resolver.fromPackage(decorator, 'class-transformer');
  if (name === 'Transform') return true;
  if (name !== 'Type') return false;
  const [factory] = decoratorArguments(decorator);
  return (
    factory !== undefined &&
    ts.isArrowFunction(factory) &&
    ts.isIdentifier(factory.body) &&
    factory.body.text === 'Date'
  );
}

/** Reports TW120 at each class-validator decorator of the property that no sent value can pass; true when it did. */
export function reportRefusedEverything(
  builder: SchemaSource,
  declaration: ts.PropertyDeclaration,
  derived: JsonSchema,
  path: string,
): boolean {
  if (builder.context.direction === 'output') return false;
  let reported = false;
  const decorators = ts.getDecorators(declaration) ?? [];
  const converted = decorators.some((decorator) => converts(builder, decorator));
  for (const decorator of decorators) {
    const name = builder.context.resolver.fromPackage(decorator, 'class-validator');
    const check =
      name && Object.hasOwn(REFUSES_EVERY_VALUE, name) ? REFUSES_EVERY_VALUE[name] : undefined;
    if (!check) continue;
    const types = typesOf(isEach(decorator) ? derived.items : derived);
    const why = check({ path, types, converted });
    if (why) {
      builder.reportAt(decorator, 'TW120', why);
      reported = true;
    }
  }
  return reported;
}
