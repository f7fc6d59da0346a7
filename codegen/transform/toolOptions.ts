/**
 * Reads the `@Tool({...})` and `@Param(name, {...})` arguments from source. Each property is
 * evaluated on its own, so one non-literal option is a warning about that option, not a lost tool.
 */
import { ts } from '../typescript';
import { evaluateLiteral, propertyKey } from '../collect/evaluateLiteral';
import type { DiagnosticCode } from '../diagnostics';

/** Reports a problem at a node. */
export type NodeReporter = (node: ts.Node, code: DiagnosticCode, message: string) => void;

/** The literal properties of an options object argument; non-literal ones are reported and skipped. */
export function readOptions(
  argument: ts.Expression | undefined,
  checker: ts.TypeChecker,
  report: NodeReporter,
  what: string,
  runtimeOnly: readonly string[] = [],
): Record<string, unknown> {
  if (!argument) return {};
  if (!ts.isObjectLiteralExpression(argument)) {
    const whole = evaluateLiteral(argument, checker);
    if (whole.ok && typeof whole.value === 'object' && whole.value !== null) {
      return whole.value as Record<string, unknown>;
    }
    report(
      argument,
      'TW204',
      `the options of ${what} are not a literal object; codegen ignores them`,
    );
    return {};
  }
  const out: Record<string, unknown> = {};
  for (const property of argument.properties) {
    const key =
      ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)
        ? propertyKey(property.name)
        : undefined;
    const value = ts.isPropertyAssignment(property)
      ? evaluateLiteral(property.initializer, checker)
      : ts.isShorthandPropertyAssignment(property)
        ? evaluateLiteral(property.name, checker)
        : evaluateLiteral(argument, checker);
    if (key !== undefined && runtimeOnly.includes(key)) continue;
    if (key === undefined || !value.ok) {
      report(property, 'TW204', `an option of ${what} is not a literal; codegen ignores it`);
      continue;
    }
    out[key] = value.value;
  }
  return out;
}
