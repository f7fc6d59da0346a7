/**
 * What a property's documentation and decorators make of its derived schema: the JSDoc summary
 * as `description` (over its type's) and the JSDoc tags of `docKeywords`, then the decorators,
 * read from source as the facts the shared rule set (`ruleProperty`, also used at run time)
 * takes: class-validator's, class-transformer's `@Type`/`@Transform`, custom validators, and a
 * literal initializer as `default`. What the schema cannot say is a warning at the decorator;
 * a schema no value satisfies is an error at the property. The decorators are read in
 * `readDecorators.ts` and the ruling reported in `reportRuling.ts`; this file joins the phases.
 */
import { ts } from '../typescript';
import { isExposureDecorator } from './plainExposure';
import type { JsonSchema } from '../../src/schema/JsonSchema';
import { ruleProperty } from '../../src/schema/propertyRules';
import type { PropertyRuling } from '../../src/schema/propertyRules';
import { readSymbolDoc } from '../collect/readJsDoc';
import type { SchemaSource } from './SchemaSource';
import { docKeywords, withDocKeywords } from './docKeywords';
import { initializerDefault } from './optionality';
import { readDecorators } from './readDecorators';
import { reportRuling } from './reportRuling';

/** A property's schema, whether it is optional, and what an exact `@ValidateIf` makes of it. */
export interface PropertySchema {
  schema: JsonSchema;
  optional: boolean;
  when?: PropertyRuling['when'];
}

/** The property's schema with its documentation and decorators applied, and whether it is optional. */
export function propertyKeywords(
  builder: SchemaSource,
  property: ts.Symbol,
  derived: JsonSchema,
  path: string,
  typeOptional: boolean,
): PropertySchema {
  const { checker } = builder.context;
  const doc = readSymbolDoc(property, checker);
  const base = withDocKeywords(
    derived,
    docKeywords(doc, derived, path, (node, code, message) => builder.reportAt(node, code, message)),
  );
  const declaration = property.declarations?.find(ts.isPropertyDeclaration);
  const input = builder.context.direction !== 'output';
  const written = declaration ? (ts.getDecorators(declaration) ?? []) : [];
  // In output, `@Exclude()`/`@Expose()` decide which members are sent (`plainExposure`), not their schema.
  const decorators = input ? written : written.filter((d) => !isExposureDecorator(builder, d));
  const initialized = input && !!declaration?.initializer;
  if (decorators.length === 0 && !initialized) return { schema: base, optional: typeOptional };
  const read = readDecorators(builder, decorators, base, path);
  const ruling = ruleProperty({
    base,
    decorators: read.facts,
    ...(read.nested ? { nested: read.nested } : {}),
    typeOptional,
    ...(initialized ? initializerDefault(declaration!.initializer!, checker) : {}),
    traits: { dateTransform: read.dateTransform || implicitDate(builder, property) },
  });
  reportRuling(builder, ruling, read, path, declaration, input);
  return {
    schema: ruling.schema,
    optional: ruling.optional || initialized,
    ...(ruling.when ? { when: ruling.when } : {}),
  };
}

/**
 * Under the pipe's implicit conversion, class-transformer makes a `Date` of what a property whose
 * emitted type is `Date` is sent (as `@Type(() => Date)` would).
 */
function implicitDate(builder: SchemaSource, property: ts.Symbol): boolean {
  const { checker, pipe } = builder.context;
  if (!pipe?.implicitConversion) return false;
  const type = checker.getNonNullableType(checker.getTypeOfSymbol(property));
  return type.getSymbol()?.getName() === 'Date';
}
