/**
 * Evaluates decorator arguments written as literals in source (`@Min(1)`, `@Matches(/^a/)`,
 * `@Tool({ timeoutMs: 5_000 })`, `@IsEnum(Color)`, a `const` they name), the way the runtime
 * would see them, without running any code. What is not a literal is reported, not guessed.
 */
import { ts } from '../typescript';

/** The result of evaluating an expression: its value, or `ok: false` when it is not a literal. */
export type Evaluation = { ok: true; value: unknown } | { ok: false };

const NOT_LITERAL: Evaluation = { ok: false };
const MAX_DEPTH = 16;

/** Evaluates `expression` as a literal value, following `const` declarations and enums. */
export function evaluateLiteral(
  expression: ts.Expression,
  checker: ts.TypeChecker,
  depth = 0,
): Evaluation {
  if (depth > MAX_DEPTH) return NOT_LITERAL;
  const next = (e: ts.Expression): Evaluation => evaluateLiteral(e, checker, depth + 1);
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
    return { ok: true, value: expression.text };
  }
  if (ts.isNumericLiteral(expression)) return { ok: true, value: Number(expression.text) };
  if (expression.kind === ts.SyntaxKind.TrueKeyword) return { ok: true, value: true };
  if (expression.kind === ts.SyntaxKind.FalseKeyword) return { ok: true, value: false };
  if (expression.kind === ts.SyntaxKind.NullKeyword) return { ok: true, value: null };
  if (ts.isRegularExpressionLiteral(expression)) return regexOf(expression.text);
  if (
    ts.isParenthesizedExpression(expression) ||
    ts.isAsExpression(expression) ||
    ts.isSatisfiesExpression(expression) ||
    ts.isTypeAssertionExpression(expression)
  ) {
    return next(expression.expression);
  }
  if (ts.isPrefixUnaryExpression(expression)) {
    const operand = next(expression.operand);
    if (!operand.ok || typeof operand.value !== 'number') return NOT_LITERAL;
    if (expression.operator === ts.SyntaxKind.MinusToken)
      return { ok: true, value: -operand.value };
    if (expression.operator === ts.SyntaxKind.PlusToken) return operand;
    return NOT_LITERAL;
  }
  if (ts.isArrayLiteralExpression(expression)) return arrayOf(expression, next);
  if (ts.isObjectLiteralExpression(expression)) return objectOf(expression, next);
  if (ts.isIdentifier(expression) && expression.text === 'undefined') {
    return { ok: true, value: undefined };
  }
  if (ts.isIdentifier(expression) || ts.isPropertyAccessExpression(expression)) {
    return referenceOf(expression, checker, next);
  }
  return NOT_LITERAL;
}

function regexOf(text: string): Evaluation {
  const end = text.lastIndexOf('/');
  try {
    return { ok: true, value: new RegExp(text.slice(1, end), text.slice(end + 1)) };
  } catch {
    return NOT_LITERAL;
  }
}

function arrayOf(
  expression: ts.ArrayLiteralExpression,
  next: (e: ts.Expression) => Evaluation,
): Evaluation {
  const values: unknown[] = [];
  for (const element of expression.elements) {
    const value = ts.isSpreadElement(element) ? next(element.expression) : next(element);
    if (!value.ok) return NOT_LITERAL;
    if (ts.isSpreadElement(element)) {
      if (!Array.isArray(value.value)) return NOT_LITERAL;
      values.push(...(value.value as unknown[]));
    } else values.push(value.value);
  }
  return { ok: true, value: values };
}

function objectOf(
  expression: ts.ObjectLiteralExpression,
  next: (e: ts.Expression) => Evaluation,
): Evaluation {
  const value: Record<string, unknown> = {};
  for (const property of expression.properties) {
    if (ts.isSpreadAssignment(property)) {
      const spread = next(property.expression);
      if (!spread.ok || typeof spread.value !== 'object' || spread.value === null)
        return NOT_LITERAL;
      Object.assign(value, spread.value);
      continue;
    }
    const key = property.name && propertyKey(property.name);
    if (key === undefined) return NOT_LITERAL;
    const initializer = ts.isPropertyAssignment(property)
      ? next(property.initializer)
      : ts.isShorthandPropertyAssignment(property)
        ? next(property.name)
        : NOT_LITERAL;
    if (!initializer.ok) return NOT_LITERAL;
    value[key] = initializer.value;
  }
  return { ok: true, value };
}

/** The text of a property name that is a literal key. */
export function propertyKey(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) {
    return name.text;
  }
  if (ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return undefined;
}

function referenceOf(
  expression: ts.Identifier | ts.PropertyAccessExpression,
  checker: ts.TypeChecker,
  next: (e: ts.Expression) => Evaluation,
): Evaluation {
  const constant = checker.getConstantValue(expression as ts.PropertyAccessExpression);
  if (constant !== undefined) return { ok: true, value: constant };
  let symbol = checker.getSymbolAtLocation(
    ts.isIdentifier(expression) ? expression : expression.name,
  );
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  if (!declaration) return NOT_LITERAL;
  if (ts.isEnumDeclaration(declaration)) return enumObjectOf(declaration, checker);
  if (ts.isEnumMember(declaration)) {
    const value = checker.getConstantValue(declaration);
    return value === undefined ? NOT_LITERAL : { ok: true, value };
  }
  if (
    ts.isVariableDeclaration(declaration) &&
    declaration.initializer &&
    ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const
  ) {
    return next(declaration.initializer);
  }
  if (ts.isPropertyAssignment(declaration)) return next(declaration.initializer);
  return NOT_LITERAL;
}

/** A TypeScript enum as the object the compiled code creates (numeric members mapped back too). */
function enumObjectOf(declaration: ts.EnumDeclaration, checker: ts.TypeChecker): Evaluation {
  const object: Record<string, unknown> = {};
  for (const member of declaration.members) {
    const key = propertyKey(member.name);
    const value = checker.getConstantValue(member);
    if (key === undefined || value === undefined) return NOT_LITERAL;
    object[key] = value;
    if (typeof value === 'number') object[String(value)] = key;
  }
  return { ok: true, value: object };
}
