/**
 * What a property's documentation and decorators make of its derived schema: the JSDoc summary
 * as `description` (over its type's) and the JSDoc tags of `docKeywords`, then the decorators,
 * read from source as the facts the shared rule set (`ruleProperty`, also used at run time)
 * takes: class-validator's, class-transformer's `@Type`/`@Transform`, custom validators, and a
 * literal initializer as `default`. What the schema cannot say is a warning at the decorator;
 * a schema no value satisfies is an error at the property.
 */
import { ts } from '../typescript';
import type { JsonSchema } from '../../src/schema/JsonSchema';
import { ruleForDecorator } from '../../src/schema/constraintTable';
import type { Condition, DecoratorFact } from '../../src/schema/decoratorFacts';
import { isGrouped } from '../../src/schema/decoratorFacts';
import { ruleProperty } from '../../src/schema/propertyRules';
import type { PropertyRuling } from '../../src/schema/propertyRules';
import { hasRefusalWords, refusalWords } from '../../src/schema/refusalWords';
import { decoratorArguments } from '../collect/decoratorOrigin';
import { evaluateLiteral } from '../collect/evaluateLiteral';
import { readSymbolDoc } from '../collect/readJsDoc';
import type { SchemaSource } from './SchemaSource';
import { docKeywords, withDocKeywords } from './docKeywords';
import { toJsonValue } from './toJsonValue';
import { initializerDefault } from './optionality';

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
interface ReadDecorators {
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

/** A property's schema, whether it is optional, and what an exact `@ValidateIf` makes of it. */
export interface PropertySchema {
  schema: JsonSchema;
  optional: boolean;
  when?: PropertyRuling['when'];
}

/** The property's schema with its documentation and decorators applied, and whether it is optional. */
export function propertyKeywords(
  builder: SchemaSource,
  property: ts.Symbol,
  derived: JsonSchema,
  path: string,
  typeOptional: boolean,
): PropertySchema {
  const { checker } = builder.context;
  const doc = readSymbolDoc(property, checker);
  const base = withDocKeywords(
    derived,
    docKeywords(doc, derived, path, (node, code, message) => builder.reportAt(node, code, message)),
  );
  const declaration = property.declarations?.find(ts.isPropertyDeclaration);
  const decorators = declaration ? (ts.getDecorators(declaration) ?? []) : [];
  const input = builder.context.direction !== 'output';
  const initialized = input && !!declaration?.initializer;
  if (decorators.length === 0 && !initialized) return { schema: base, optional: typeOptional };
  const read = readDecorators(builder, decorators, base, path);
  const ruling = ruleProperty({
    base,
    decorators: read.facts,
    ...(read.nested ? { nested: read.nested } : {}),
    typeOptional,
    ...(initialized ? initializerDefault(declaration!.initializer!, checker) : {}),
    traits: { dateTransform: read.dateTransform || implicitDate(builder, property) },
  });
  reportRuling(builder, ruling, read, path, declaration, input);
  return {
    schema: ruling.schema,
    optional: ruling.optional || initialized,
    ...(ruling.when ? { when: ruling.when } : {}),
  };
}

/**
 * Under the pipe's implicit conversion, class-transformer makes a `Date` of what a property whose
 * emitted type is `Date` is sent (as `@Type(() => Date)` would).
 */
function implicitDate(builder: SchemaSource, property: ts.Symbol): boolean {
  const { checker, pipe } = builder.context;
  if (!pipe?.implicitConversion) return false;
  const type = checker.getNonNullableType(checker.getTypeOfSymbol(property));
  return type.getSymbol()?.getName() === 'Date';
}

function readDecorators(
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

/** What the model will and will not be told, per decorator the schema cannot say exactly. */
const WORDS: Partial<
  Record<PropertyRuling['unsaid'][number]['why'], (d: string, p: string) => string>
> = {
  conditional: (d, p) =>
    `@${d} on ${p}: the schema makes ${p} optional and leaves out its other decorators' rules, ` +
    `which hold only when the condition does; the model is not told the condition, and class-validator checks it at run time`,
  custom: (d, p) =>
    `@${d} on ${p} is a validator the schema cannot say; the model is not told its rule, ` +
    `and class-validator checks it at run time`,
  reshaped: (d, p) =>
    `@${d} on ${p} changes the value before class-validator sees it, so the schema says nothing of ` +
    `${p}'s value (the model is told only its description); class-validator judges the result at run time`,
  unread: (d, p) =>
    `@${d} on ${p} has an argument codegen cannot read; write it as a literal or a const ` +
    `(the model is not told its rule; class-validator checks it at run time)`,
  options: (d, p) =>
    `@${d} on ${p} has options the schema cannot say, so class-validator may refuse ` +
    `what the schema allows; drop the options, or say the rule with @Matches`,
};

const CODES = {
  conditional: 'TW210',
  custom: 'TW211',
  reshaped: 'TW212',
  unread: 'TW204',
  options: 'TW208',
} as const;

function reportRuling(
  builder: SchemaSource,
  ruling: PropertyRuling,
  read: ReadDecorators,
  path: string,
  declaration: ts.PropertyDeclaration | undefined,
  input: boolean,
): void {
  for (const { decorator, why } of ruling.unsaid) {
    const words = WORDS[why];
    if (!words || !(why in CODES)) continue;
    const fact = read.facts.find(
      (f) =>
        (f.kind === 'constraint' ? f.rule.decorator : 'decorator' in f ? f.decorator : '') ===
        decorator,
    );
    const node = fact ? read.at.get(fact) : undefined;
    builder.reportAt(node, CODES[why as keyof typeof CODES], words(decorator, path));
  }
  // TW120 names the decorator and its fix; the same property is then not also TW114.
  const refused = input ? (ruling.refused ?? []).filter(hasRefusalWords) : [];
  for (const refusal of refused) {
    const fact = read.facts.find(
      (f) => f.kind === 'constraint' && f.rule.decorator === refusal.decorator,
    );
    builder.reportAt(fact && read.at.get(fact), 'TW120', refusalWords(refusal, path));
  }
  if (ruling.unsatisfiable && refused.length === 0) {
    builder.reportAt(
      declaration?.name,
      'TW114',
      `no value can satisfy ${path}: ${ruling.unsatisfiable}; fix its decorators or type`,
    );
  }
}
