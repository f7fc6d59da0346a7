/**
 * A property's decorators read from source as the facts the shared rule set (`ruleProperty`)
 * takes: class-validator's (constraints, presence, `@ValidateIf` conditions a schema can state,
 * `@ValidateNested`), class-transformer's `@Type`/`@Transform`, and custom validators. The
 * reading phase of `propertyKeywords`; the rule set decides, `reportRuling` reports.
 */
import { ts } from '../typescript';
import type { JsonSchema } from '../../src/schema/JsonSchema';
import { ruleForDecorator } from '../../src/schema/constraintTable';
import type { Condition, DecoratorFact } from '../../src/schema/decoratorFacts';
import { isGrouped } from '../../src/schema/decoratorFacts';
import { decoratorArguments } from '../collect/decoratorOrigin';
import { evaluateLiteral } from '../collect/evaluateLiteral';
import type { SchemaSource } from './SchemaSource';
import { toJsonValue } from './toJsonValue';

/** class-validator decorators that are not rows of the constraint table. */
const PRESENCE: Record<string, DecoratorFact> = {
  IsOptional: { kind: 'optional' },
  IsDefined: { kind: 'defined' },
  Allow: { kind: 'allow' },
};

/** class-transformer decorators that change the value `plainToInstance` hands to class-validator. */
const RESHAPERS = new Set(['Transform', 'Exclude', 'Expose']);

/** The primitive classes `@Type(() => X)` converts with (`Number(value)`). */
const CONVERSIONS = new Set(['Number', 'String', 'Boolean']);

/** The facts of the property's decorators, and what `@Type` names. */
export interface ReadDecorators {
  facts: DecoratorFact[];
  nested?: JsonSchema;
  dateTransform: boolean;
  /** Where each fact was written, for its warning. */
  at: Map<DecoratorFact, ts.Decorator>;
}

const eachOf = (values: readonly unknown[]): boolean => {
  const options = values[values.length - 1];
  return (
    typeof options === 'object' && options !== null && (options as { each?: unknown }).each === true
  );
};

/** The facts of a property's decorators (its schema so far is `base`), as the rule set takes them. */
export function readDecorators(
  builder: SchemaSource,
  decorators: readonly ts.Decorator[],
  base: JsonSchema,
  path: string,
): ReadDecorators {
  const { resolver, checker } = builder.context;
  const read: ReadDecorators = { facts: [], dateTransform: false, at: new Map() };
  const add = (fact: DecoratorFact, decorator: ts.Decorator) => {
    read.facts.push(fact);
    read.at.set(fact, decorator);
  };
  for (const decorator of decorators) {
    const transformer = resolver.fromPackage(decorator, 'class-transformer');
    if (transformer === 'Type') {
      const typed = typeFactory(builder, decorator);
      if (typed === 'Date') read.dateTransform = true;
      else if (typeof typed === 'string' && CONVERSIONS.has(typed))
        add({ kind: 'reshaped', decorator: 'Type' }, decorator);
      else if (typed && typeof typed === 'object')
        read.nested = nestedSchema(builder, typed, base, path);
      continue;
    }
    if (transformer && RESHAPERS.has(transformer)) {
      add({ kind: 'reshaped', decorator: transformer }, decorator);
      continue;
    }
    const name = resolver.fromPackage(decorator, 'class-validator');
    if (!name) {
      const reaches = resolver.callsInto(decorator, ['class-validator', 'class-transformer']);
      const written = decoratorName(decorator);
      if (reaches === 'class-validator') add({ kind: 'custom', decorator: written }, decorator);
      else if (reaches) add({ kind: 'reshaped', decorator: written }, decorator);
      continue;
    }
    const fact = factOf(name, decorator, checker);
    add(fact, decorator);
  }
  return read;
}

/** The name a decorator is written with (`IsEven` in `@IsEven()`, `v.IsEven` for a namespace). */
function decoratorName(decorator: ts.Decorator): string {
  const expression = ts.isCallExpression(decorator.expression)
    ? decorator.expression.expression
    : decorator.expression;
  return expression.getText();
}

/** What a class-validator decorator is, as a fact of the rule set. */
function factOf(name: string, decorator: ts.Decorator, checker: ts.TypeChecker): DecoratorFact {
  if (PRESENCE[name]) return PRESENCE[name];
  const args = decoratorArguments(decorator);
  if (name === 'ValidateIf') {
    const when = args[0] && conditionOf(args[0], checker);
    return { kind: 'conditional', decorator: name, ...(when ? { when } : {}) };
  }
  const values = args.map((arg) => evaluateLiteral(arg, checker));
  const readable = values.every((value) => value.ok);
  const plain = values.map((value) => (value.ok ? value.value : undefined));
  if (name === 'ValidateNested') return { kind: 'nested', each: readable && eachOf(plain) };
  const rule = ruleForDecorator(name);
  if (!rule) return { kind: 'custom', decorator: name };
  if (!readable) return { kind: 'unread', decorator: name };
  const options = plain[plain.length - 1];
  return {
    kind: 'constraint',
    rule,
    args: plain,
    each: eachOf(plain),
    grouped: isGrouped(options),
  };
}

/**
 * A `@ValidateIf` condition a schema states exactly: `(o) => o.p === v` (or `v === o.p`) with `v`
 * a literal or a const (an enum member included) that JSON can carry.
 */
function conditionOf(expression: ts.Expression, checker: ts.TypeChecker): Condition | undefined {
  if (!ts.isArrowFunction(expression) || expression.parameters.length < 1) return undefined;
  const object = expression.parameters[0].name;
  const body = expression.body;
  if (!ts.isIdentifier(object) || !ts.isBinaryExpression(body)) return undefined;
  if (body.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken) return undefined;
  const read = (side: ts.Expression): string | undefined =>
    ts.isPropertyAccessExpression(side) &&
    ts.isIdentifier(side.expression) &&
    side.expression.text === object.text &&
    ts.isIdentifier(side.name)
      ? side.name.text
      : undefined;
  const [property, other] = read(body.left)
    ? [read(body.left), body.right]
    : [read(body.right), body.left];
  if (!property) return undefined;
  const value = evaluateLiteral(other, checker);
  const equals = value.ok ? toJsonValue(value.value) : undefined;
  const plain = equals === null || (equals !== undefined && typeof equals !== 'object');
  return plain ? { property, equals } : undefined;
}

/** `@Type(() => X)`: `X`'s name for a built-in, else its instance type. */
function typeFactory(builder: SchemaSource, decorator: ts.Decorator): string | ts.Type | undefined {
  const { checker } = builder.context;
  const [factory] = decoratorArguments(decorator);
  if (!factory || !(ts.isArrowFunction(factory) || ts.isFunctionExpression(factory)))
    return undefined;
  const body = ts.isArrowFunction(factory) && !ts.isBlock(factory.body) ? factory.body : undefined;
  if (!body || !ts.isIdentifier(body)) return undefined;
  if (CONVERSIONS.has(body.text) || body.text === 'Date') return body.text;
  let symbol = checker.getSymbolAtLocation(body);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  if (!symbol || !(symbol.flags & ts.SymbolFlags.Class)) return undefined;
  return checker.getDeclaredTypeOfSymbol(symbol);
}

/** The schema of the nested class `@Type` names, for the property or its items. */
function nestedSchema(builder: SchemaSource, type: ts.Type, base: JsonSchema, path: string) {
  const isArray =
    base.type === 'array' || (Array.isArray(base.type) && base.type.includes('array'));
  return builder.schemaOf(type, isArray ? `${path}[]` : path);
}
