/**
 * The schema of an object type (interface, class, type literal, intersection, mapped type):
 * one property per data member, `required` from `?` / defaults / `| undefined` / `@IsOptional`,
 * and `additionalProperties: false` unless an index signature says what extra values are.
 */
import { ts } from 'ts-morph';
import type { JsonSchema } from '../../src/schema/JsonSchema';
import type { SchemaBuilder } from './SchemaBuilder';
import { orderProperties } from './sourceOrder';
import { propertyKeywords } from './propertyKeywords';

const HIDDEN = ts.ModifierFlags.Private | ts.ModifierFlags.Protected;

const isMethod = (symbol: ts.Symbol): boolean =>
  !!symbol.declarations?.some((d) => ts.isMethodDeclaration(d) || ts.isMethodSignature(d));

const isGetterOnly = (symbol: ts.Symbol): boolean =>
  !!symbol.declarations?.length &&
  symbol.declarations.some(ts.isGetAccessorDeclaration) &&
  !symbol.declarations.some(ts.isSetAccessorDeclaration);

const hasUndefined = (type: ts.Type): boolean =>
  type.flags & ts.TypeFlags.Union
    ? (type as ts.UnionType).types.some(
        (t) => t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void),
      )
    : !!(type.flags & ts.TypeFlags.Undefined);

/** The JSON Schema of an object type's data members. */
export function objectSchema(builder: SchemaBuilder, type: ts.Type, path: string): JsonSchema {
  const { checker } = builder.context;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  let methods = 0;
  for (const property of orderProperties(checker.getPropertiesOfType(type))) {
    const name = property.getName();
    if (name.startsWith('__@') || name.startsWith('#')) continue;
    if (property.declarations?.some((d) => ts.getCombinedModifierFlags(d) & HIDDEN)) continue;
    if (isMethod(property)) {
      methods++;
      continue;
    }
    if (isGetterOnly(property)) continue;
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    const propertyType = checker.getTypeOfSymbol(property);
    const typeNode =
      declaration && (ts.isPropertyDeclaration(declaration) || ts.isPropertySignature(declaration))
        ? declaration.type
        : undefined;
    const propertyPath = path ? `${path}.${name}` : name;
    const derived = builder.schemaOf(propertyType, propertyPath, typeNode);
    const { schema, optional } = propertyKeywords(builder, property, derived, propertyPath);
    properties[name] = schema;
    const hasDefault = !!(
      declaration &&
      ts.isPropertyDeclaration(declaration) &&
      declaration.initializer
    );
    if (
      !(property.flags & ts.SymbolFlags.Optional) &&
      !hasUndefined(propertyType) &&
      !hasDefault &&
      !optional
    ) {
      required.push(name);
    }
  }
  const index = checker
    .getIndexInfosOfType(type)
    .find(
      (info) =>
        info.keyType.flags &
        (ts.TypeFlags.String | ts.TypeFlags.Number | ts.TypeFlags.TemplateLiteral),
    );
  const out: JsonSchema = { type: 'object' };
  if (!index || Object.keys(properties).length) out.properties = properties;
  if (required.length) out.required = required;
  out.additionalProperties = index ? builder.schemaOf(index.type, `${path}[key]`) : false;
  if (!index && methods > 0 && Object.keys(properties).length === 0) {
    builder.context.report(
      'TW104',
      `${checker.typeToString(type)} has methods but no data${path ? ` (at ${path})` : ''}; take a plain data type`,
    );
  }
  return out;
}
