/**
 * Reads the `@Tool({...})` and `@Param(name, {...})` arguments from source. Each property is
 * evaluated on its own, so one non-literal option is a warning about that option, not a lost tool.
 * An option `@Tool` does not know is an error (TW115) at that property.
 */
import { ts } from '../typescript';
import { evaluateLiteral, propertyKey } from '../collect/evaluateLiteral';
import type { DiagnosticCode } from '../diagnostics';
import { toolOptionProblems } from '../../src/metadata/toolOptionProblems';

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

/** The property of an options literal an option problem is about (`anthropic.x`: the `x` inside). */
export function optionNode(argument: ts.Node, option: string): ts.Node | undefined {
  let container: ts.Node | undefined = argument;
  let found: ts.Node | undefined;
  for (const key of option.split('.')) {
    if (!container || !ts.isObjectLiteralExpression(container)) break;
    const property: ts.ObjectLiteralElementLike | undefined = container.properties.find(
      (p) => p.name !== undefined && propertyKey(p.name) === key,
    );
    if (!property) break;
    found = property;
    container = ts.isPropertyAssignment(property) ? property.initializer : undefined;
  }
  return found;
}

/** Reports each problem of a `@Tool`'s options (`toolOptionProblems`) at the property at fault. */
export function reportToolOptions(
  argument: ts.Node,
  options: Readonly<Record<string, unknown>>,
  what: string,
  report: NodeReporter,
): void {
  for (const problem of toolOptionProblems(options)) {
    report(
      optionNode(argument, problem.option) ?? argument,
      'TW115',
      `${what}: ${problem.message}`,
    );
  }
}
