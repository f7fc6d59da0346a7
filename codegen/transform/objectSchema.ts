/**
 * The schema of an object type (interface, class, type literal, intersection, mapped type):
 * one property per data member (not methods, getters or setters), `required` as the shared
 * rule set decides from `?` / `| undefined`, initializers and the decorators,
 * `additionalProperties: false` unless a string index signature says what extra values are,
 * and `patternProperties` for template-literal keys. Which members are data is `dataMembers`; in
 * the output direction, which of them class-transformer sends (and under what name) is `plainExposure`.
 */
import { ts } from '../typescript';
import { hasUndefined } from './optionality';
import type { JsonSchema } from '../../src/schema/JsonSchema';
import type { SchemaSource } from './SchemaSource';
import { dataMembers } from './dataMembers';
import { propertyKeywords } from './propertyKeywords';
import type { PropertySchema } from './propertyKeywords';
import { templatePattern } from './templatePattern';
import { isClassExcluded, plainName } from './plainExposure';
import {
  isExcluded,
  isValidatedClass,
  isValidatedProperty,
  unvalidatedNested,
  whitelistFix,
} from './whitelisted';

/** The JSON Schema of an object type's data members. */
export function objectSchema(builder: SchemaSource, type: ts.Type, path: string): JsonSchema {
  const { checker } = builder.context;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const conditions: JsonSchema[] = [];
  const validated = builder.context.direction !== 'output' && isValidatedClass(builder, type);
  const whitelisted = validated && builder.context.pipe?.whitelist !== false;
  const { index, patterns } = indexSignatures(builder, type, path);
  const { members, getters, methods } = dataMembers(checker, type);
  const output = builder.context.direction === 'output';
  const classExcluded = output && isClassExcluded(builder, type);
  const candidates: [ts.Symbol, boolean][] = [
    ...members.map((m): [ts.Symbol, boolean] => [m, false]),
    ...(output ? getters.map((g): [ts.Symbol, boolean] => [g, true]) : []),
  ];
  for (const [property, accessor] of candidates) {
    const name = output
      ? plainName(builder, property, classExcluded, accessor)
      : property.getName();
    if (name === undefined) continue;
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    if (whitelisted && !isValidatedProperty(builder, property)) {
      const at = path ? `${path}.${name}` : name;
      builder.reportAt(
        declaration && ts.isPropertyDeclaration(declaration) ? declaration.name : undefined,
        'TW213',
        isExcluded(builder, property)
          ? `${at} has @Exclude(): class-transformer drops whatever is sent for it, so the schema ` +
              `leaves it out and the gate refuses it when sent (a Nest app would drop it silently); ` +
              `nothing to fix if the model never sends it`
          : `${at} has no class-validator decorator, so class-validator's whitelist refuses it ` +
              `and the schema leaves it out; ${whitelistFix(builder, property)}`,
      );
      continue;
    }
    const nestedClass = validated ? unvalidatedNested(builder, property) : undefined;
    if (nestedClass) {
      builder.reportAt(
        declaration && ts.isPropertyDeclaration(declaration) ? declaration.name : undefined,
        'TW213',
        `${path ? `${path}.${name}` : name} is typed ${nestedClass} but has no @ValidateNested(), so ` +
          `class-validator does not check inside it, where the schema (its TypeScript type) does; ` +
          `add @ValidateNested() (with @Type(() => ${nestedClass})) so the two agree`,
      );
    }
    const propertyType = checker.getTypeOfSymbol(property);
    if (property.flags & ts.SymbolFlags.Optional && hasNoValue(propertyType)) {
      // `b?: never` (the XOR idiom): the property may only be absent. A closed object refuses it
      // as it is; one with an index signature is told so.
      if (index || patterns) properties[name] = { not: {} };
      continue;
    }
    const typeNode =
      declaration && (ts.isPropertyDeclaration(declaration) || ts.isPropertySignature(declaration))
        ? declaration.type
        : undefined;
    const propertyPath = path ? `${path}.${name}` : name;
    const derived = builder.schemaOf(propertyType, propertyPath, typeNode);
    const typeOptional = !!(property.flags & ts.SymbolFlags.Optional) || hasUndefined(propertyType);
    const { schema, optional, when } = propertyKeywords(
      builder,
      property,
      derived,
      propertyPath,
      typeOptional,
    );
    properties[name] = schema;
    if (!optional) required.push(name);
    if (when) conditions.push(conditionSchema(name, when));
  }
  const out: JsonSchema = { type: 'object' };
  if (!index || Object.keys(properties).length) out.properties = properties;
  if (required.length) out.required = required;
  if (patterns) out.patternProperties = patterns;
  out.additionalProperties = index ?? false;
  if (conditions.length) out.allOf = conditions;
  if (!index && !patterns && methods > 0 && Object.keys(properties).length === 0) {
    builder.context.report(
      'TW104',
      `${checker.typeToString(type)} has methods but no data${path ? ` (at ${path})` : ''}; take a plain data type`,
    );
  }
  return out;
}

/** An exact `@ValidateIf` as `if`/`then`: when the other property has the value, this one is checked. */
function conditionSchema(name: string, when: NonNullable<PropertySchema['when']>): JsonSchema {
  const { property, equals } = when.condition;
  return {
    if: { properties: { [property]: { const: equals } }, required: [property] },
    then: {
      properties: { [name]: when.schema },
      ...(when.optional ? {} : { required: [name] }),
    },
  };
}

/** `never`, or `undefined` alone (what `b?: never` reads as): no JSON value at all. */
const hasNoValue = (type: ts.Type): boolean =>
  type.flags & ts.TypeFlags.Union
    ? (type as ts.UnionType).types.every(hasNoValue)
    : !!(type.flags & (ts.TypeFlags.Never | ts.TypeFlags.Undefined | ts.TypeFlags.Void));

/**
 * The keys a numeric index signature (`{ [k: number]: T }`) takes: numbers as JSON writes them
 * in keys (`"0"`, `"12"`, `"-3"`, `"1.5"`). TypeScript also counts `"1e+21"`, `"NaN"` and
 * `"Infinity"` as numeric names; those are refused here.
 */
export const NUMERIC_KEY_PATTERN = '^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]*[1-9])?$';

/**
 * What index signatures allow beyond the declared properties: a string key's value schema, and
 * one `patternProperties` entry per template-literal key and for numeric keys. A `never` value
 * allows nothing (`Record<string, never>`, the empty object). Symbol keys cannot be JSON: an
 * error.
 */
function indexSignatures(
  builder: SchemaSource,
  type: ts.Type,
  path: string,
): { index?: JsonSchema; patterns?: Record<string, JsonSchema> } {
  const { checker } = builder.context;
  let index: JsonSchema | undefined;
  let patterns: Record<string, JsonSchema> | undefined;
  for (const info of checker.getIndexInfosOfType(type)) {
    if (info.type.flags & ts.TypeFlags.Never) continue;
    const keys =
      info.keyType.flags & ts.TypeFlags.Union
        ? (info.keyType as ts.UnionType).types
        : [info.keyType];
    for (const key of keys) {
      if (key.flags & ts.TypeFlags.ESSymbolLike) {
        builder.context.report(
          'TW103',
          `symbol keys cannot be sent as JSON${path ? ` (at ${path})` : ''}; key the object by string (Record<string, T>)`,
        );
      } else if (key.flags & (ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) {
        patterns ??= {};
        patterns[templatePattern(key)] = builder.schemaOf(info.type, `${path}[key]`);
      } else if (key.flags & ts.TypeFlags.NumberLike) {
        patterns ??= {};
        patterns[NUMERIC_KEY_PATTERN] = builder.schemaOf(info.type, `${path}[key]`);
      } else {
        index = builder.schemaOf(info.type, `${path}[key]`);
      }
    }
  }
  return { index, patterns };
}
