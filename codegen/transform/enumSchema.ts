/**
 * TypeScript enums as the JSON values their members really hold: string, number, and the
 * computed members a user forces (`A = true as any`, `B = null as any`) that the checker types
 * as `number`. The `enum` keyword lists every member's value, in declaration order.
 */
import { ts } from '../typescript';
import type { JsonSchema, JsonValue } from '../../src/schema/JsonSchema';
import { evaluateLiteral } from '../collect/evaluateLiteral';
import { toJsonValue } from './toJsonValue';

/** The JSON Schema type of a JSON value. */
export const jsonTypeOf = (value: JsonValue): 'string' | 'number' | 'boolean' | 'null' =>
  value === null ? 'null' : (typeof value as 'string' | 'number' | 'boolean');

/** `{ type, enum }` for a list of literal values (`type` a list when they differ). */
export function enumOf(values: JsonValue[]): JsonSchema {
  const types = [...new Set(values.map(jsonTypeOf))];
  return { type: types.length === 1 ? types[0] : types, enum: values };
}

function memberValue(member: ts.EnumMember, checker: ts.TypeChecker): JsonValue | undefined {
  const constant = checker.getConstantValue(member);
  if (constant !== undefined) return constant;
  if (!member.initializer) return undefined;
  const value = evaluateLiteral(member.initializer, checker);
  return value.ok ? toJsonValue(value.value) : undefined;
}

/**
 * The schema of an enum type or of one enum member, from the declarations; `undefined` when
 * `type` is not an enum or a member's value cannot be read (the checker's type is used then).
 */
export function enumSchema(type: ts.Type, checker: ts.TypeChecker): JsonSchema | undefined {
  const symbol = type.getSymbol();
  if (!symbol || !(symbol.flags & (ts.SymbolFlags.Enum | ts.SymbolFlags.EnumMember)))
    return undefined;
  // `typeof Color` is the enum object, not one of its values.
  if (type.flags & ts.TypeFlags.Object) return undefined;
  const members =
    symbol.flags & ts.SymbolFlags.EnumMember
      ? (symbol.declarations ?? []).filter(ts.isEnumMember)
      : (symbol.declarations ?? []).filter(ts.isEnumDeclaration).flatMap((d) => [...d.members]);
  if (!members.length) return undefined;
  const values: JsonValue[] = [];
  for (const member of members) {
    const value = memberValue(member, checker);
    if (value === undefined) return undefined;
    if (!values.some((v) => v === value)) values.push(value);
  }
  return enumOf(values);
}
