/**
 * What a property's documentation and decorators add to its derived schema: the JSDoc summary
 * as `description` (over its type's), the JSDoc tags of `docKeywords`, then class-validator
 * decorators through the shared constraint table (decorators override JSDoc), `@IsOptional`,
 * class-transformer's `@Type(() => Nested)`, and a literal initializer as `default`.
 */
import { ts } from '../typescript';
import type { JsonSchema } from '../../src/schema/JsonSchema';
import { constraintKeywords, ruleForDecorator } from '../../src/schema/constraintTable';
import { decoratorArguments } from '../collect/decoratorOrigin';
import { evaluateLiteral } from '../collect/evaluateLiteral';
import { readSymbolDoc } from '../collect/readJsDoc';
import type { SchemaSource } from './SchemaSource';
import { docKeywords } from './docKeywords';
import { mergeKeywords } from './mergeSchema';
import { reportRefusedEverything } from './refusedEverything';
import { toJsonValue } from './toJsonValue';

/** The property's schema with its documentation and decorators applied, and whether it is optional. */
export function propertyKeywords(
  builder: SchemaSource,
  property: ts.Symbol,
  derived: JsonSchema,
  path: string,
): { schema: JsonSchema; optional: boolean } {
  const { checker } = builder.context;
  const doc = readSymbolDoc(property, checker);
  let schema = mergeKeywords(
    derived,
    docKeywords(doc, derived, path, (node, code, message) => builder.reportAt(node, code, message)),
  );
  let optional = false;
  const declaration = property.declarations?.find(ts.isPropertyDeclaration);
  if (!declaration) return { schema, optional };
  reportRefusedEverything(builder, declaration, derived, path);
  for (const decorator of ts.getDecorators(declaration) ?? []) {
    const transformer = builder.context.resolver.fromPackage(decorator, 'class-transformer');
    if (transformer === 'Type') schema = nestedType(builder, decorator, schema, path);
    const name = builder.context.resolver.fromPackage(decorator, 'class-validator');
    if (name === 'IsOptional') optional = true;
    const rule = name ? ruleForDecorator(name) : undefined;
    if (!rule) continue;
    const args = decoratorArguments(decorator).map((arg) => evaluateLiteral(arg, checker));
    if (args.some((arg) => !arg.ok)) {
      builder.context.report(
        'TW204',
        `@${name} on ${path} has an argument codegen cannot read; write it as a literal or a const`,
      );
      continue;
    }
    const values = args.map((arg) => (arg.ok ? arg.value : undefined));
    if (rule.unsaid?.(values)) {
      builder.context.report(
        'TW208',
        `@${name} on ${path} has options the schema cannot say, so class-validator may refuse ` +
          `what the schema allows; drop the options, or say the rule with @Matches`,
      );
    }
    const options = values[values.length - 1];
    const each =
      typeof options === 'object' &&
      options !== null &&
      (options as { each?: unknown }).each === true;
    const keywords = constraintKeywords(rule, values);
    if (each) schema.items = mergeKeywords(schema.items || {}, keywords);
    else schema = mergeKeywords(schema, keywords);
  }
  const input = builder.context.direction !== 'output';
  if (input && declaration.initializer && schema.default === undefined) {
    const value = evaluateLiteral(declaration.initializer, checker);
    const jsonValue = value.ok ? toJsonValue(value.value) : undefined;
    if (jsonValue !== undefined) schema.default = jsonValue;
  }
  return { schema, optional };
}

/** `@Type(() => Nested)`: the nested class, for the property or its items. */
function nestedType(
  builder: SchemaSource,
  decorator: ts.Decorator,
  schema: JsonSchema,
  path: string,
): JsonSchema {
  const { checker } = builder.context;
  const [factory] = decoratorArguments(decorator);
  if (!factory || !(ts.isArrowFunction(factory) || ts.isFunctionExpression(factory))) return schema;
  const body = ts.isArrowFunction(factory) && !ts.isBlock(factory.body) ? factory.body : undefined;
  if (!body || !ts.isIdentifier(body)) return schema;
  let symbol = checker.getSymbolAtLocation(body);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  if (!symbol || !(symbol.flags & ts.SymbolFlags.Class)) return schema;
  const instance = checker.getDeclaredTypeOfSymbol(symbol);
  const { description } = schema;
  const isArray =
    schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));
  if (isArray) return { ...schema, items: builder.schemaOf(instance, `${path}[]`) };
  const nested = builder.schemaOf(instance, path);
  return description ? { ...nested, description } : nested;
}
