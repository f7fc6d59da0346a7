/**
 * The values a literal or enum type holds, for `enum` keywords: a string, number or boolean
 * literal, or an enum's members as declared. Its own file because the builder's unions and its
 * single literals both ask it.
 */
import { ts } from '../typescript';
import type { JsonValue } from '../../src/schema/JsonSchema';
import { enumSchema } from './enumSchema';

/** The value of a string, number or boolean literal type (enum members included). */
export function literalValue(type: ts.Type): string | number | boolean | undefined {
  if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
  if (type.flags & ts.TypeFlags.BooleanLiteral)
    return (type as { intrinsicName?: string }).intrinsicName === 'true';
  return undefined;
}

/** The values a literal or enum type holds (an enum's members, as declared). */
export function literalValues(type: ts.Type, checker: ts.TypeChecker): JsonValue[] | undefined {
  const enumerated = enumSchema(type, checker)?.enum;
  if (enumerated) return enumerated;
  const literal = literalValue(type);
  return literal === undefined ? undefined : [literal];
}
