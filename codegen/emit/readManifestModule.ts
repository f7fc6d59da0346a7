/**
 * Reads a manifest module as TypeScript rather than as the bytes codegen wrote, so a manifest a
 * formatter rewrote (prettier's quotes, trailing commas, line breaks, leading `|`) still reads
 * back, and one that means the same as what codegen would write is not stale. Two readings: the
 * manifest's value (its `export const manifest` literal), and the module's meaning (its tokens,
 * without what a formatter changes).
 */
import { ts } from '../typescript';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Thrown inside the evaluation when an expression is not JSON data. */
const NOT_DATA = Symbol('not data');

const keyOf = (name: ts.PropertyName): string => {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name))
    return ts.isNumericLiteral(name) ? String(Number(name.text)) : name.text;
  if (ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  throw NOT_DATA;
};

/** The JSON value of a literal expression (objects, arrays, strings, numbers, booleans, null). */
function valueOf(node: ts.Expression): Json {
  if (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node)
  )
    return valueOf(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) {
    const operand = valueOf(node.operand);
    if (typeof operand !== 'number') throw NOT_DATA;
    return -operand;
  }
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isArrayLiteralExpression(node)) return node.elements.map(valueOf);
  if (ts.isObjectLiteralExpression(node)) {
    const object: { [key: string]: Json } = {};
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property)) throw NOT_DATA;
      object[keyOf(property.name)] = valueOf(property.initializer);
    }
    return object;
  }
  throw NOT_DATA;
}

const parse = (text: string): ts.SourceFile =>
  ts.createSourceFile('tools.manifest.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);

/** The value of the module's `export const manifest = ...`, or `undefined` when it has none. */
export function manifestValueOf(text: string): unknown {
  for (const statement of parse(text).statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== 'manifest') continue;
      if (!declaration.initializer) return undefined;
      try {
        return valueOf(declaration.initializer);
      } catch (error) {
        if (error === NOT_DATA) return undefined;
        throw error;
      }
    }
  }
  return undefined;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Tokens after which a `|` can only be a formatter's leading one (`type A =\n  | 'a'\n  | 'b'`). */
const BEFORE_LEADING_BAR = new Set(['=', ':', '(', '<', '[', ',', '|']);

/**
 * The module's meaning: its tokens without comments, layout, separators (`,` `;`) or a leading
 * `|`, with every string written as JSON and a quoted key that could be bare written bare. What a
 * formatter changes is gone; what the code says is kept.
 */
export function moduleMeaning(text: string): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
  const tokens: string[] = [];
  let pendingString: string | undefined;
  const flush = (next: string): void => {
    if (pendingString === undefined) return;
    // A quoted key (`"name":`, `'max-depth'?:`) reads the same bare when it can be bare.
    const isKey = (next === ':' || next === '?') && IDENTIFIER.test(pendingString);
    tokens.push(isKey ? pendingString : JSON.stringify(pendingString));
    pendingString = undefined;
  };
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (
      kind === ts.SyntaxKind.StringLiteral ||
      kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral
    ) {
      flush('');
      pendingString = scanner.getTokenValue();
      continue;
    }
    const token =
      kind === ts.SyntaxKind.NumericLiteral
        ? String(Number(scanner.getTokenValue()))
        : scanner.getTokenText();
    flush(token);
    if (token === ',' || token === ';') continue;
    if (token === '|' && BEFORE_LEADING_BAR.has(tokens[tokens.length - 1] ?? '=')) continue;
    tokens.push(token);
  }
  flush('');
  return tokens.join(' ');
}

/** Whether two manifest modules mean the same (however each is formatted). */
export const sameManifestModule = (a: string, b: string): boolean =>
  moduleMeaning(a) === moduleMeaning(b);
