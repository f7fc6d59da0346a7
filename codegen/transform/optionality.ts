/**
 * What makes a parameter or a DTO property optional besides `?`: a type that admits
 * `undefined`, and an initializer, whose literal value becomes the schema's `default`. Shared
 * by the parameter mapping (`buildTool`) and the object and DTO schemas.
 */
import { ts } from '../typescript';
import { evaluateLiteral } from '../collect/evaluateLiteral';
import { toJsonValue } from './toJsonValue';
import type { JsonValue } from '../../src/schema/JsonSchema';

/** The type admits `undefined` (`T | undefined`, `T | void`, or `undefined` itself). */
export const hasUndefined = (type: ts.Type): boolean =>
  type.flags & ts.TypeFlags.Union
    ? (type as ts.UnionType).types.some(
        (t) => t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void),
      )
    : !!(type.flags & ts.TypeFlags.Undefined);

/** A literal initializer as the schema's `default` (nothing when it is not a JSON literal). */
export function initializerDefault(
  initializer: ts.Expression,
  checker: ts.TypeChecker,
): { default?: JsonValue } {
  const value = evaluateLiteral(initializer, checker);
  const json = value.ok ? toJsonValue(value.value) : undefined;
  return json === undefined ? {} : { default: json };
}
