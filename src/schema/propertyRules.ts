/**
 * The one rule set for what a DTO property's decorators mean, used by codegen (decorators read
 * from source) and by the run-time derivation (read from metadata): the property's schema,
 * whether it may be absent, and whether the schema gate judges it exactly as class-validator
 * would (so class-validator need not run) or says less (so it must). One function, so the two
 * phases cannot disagree, as `@nestjs/swagger` replays its plugin's metadata through one factory.
 *
 * The rules, in order: `@Transform` and friends make the schema say nothing of the value (the
 * transform's input is unknown); `@ValidateIf` makes the property optional and drops the
 * decorators' keywords (they hold only when the condition does; an exact condition puts the whole
 * schema under `if`/`then` and nothing outside it); otherwise each constraint
 * narrows the property's type to what its validator can pass (`@Min` refuses strings, so
 * `string | number` becomes `number`) and lays its keywords where that type allows them
 * (`@IsNotEmpty()` is `minLength: 1` on a string and nothing on a number).
 */
import type { ConstraintRule, PropertyTraits } from './constraintTable';
import { constraintKeywords } from './constraintTable';
import { layKeywords } from './layKeywords';
import type { Condition, DecoratorFact } from './decoratorFacts';
import type { JsonSchema, JsonSchemaType, JsonValue } from './JsonSchema';
import { allowsNull, withNull } from './nullable';
import { declaredTypes, fitting, narrow } from './narrowTypes';
import { unsatisfiable } from './unsatisfiable';

/** Everything the rule set needs to know of one property. */
export interface PropertyInput {
  /** What the property's type says: the TypeScript type and its JSDoc (codegen), or `design:type`. */
  base: JsonSchema;
  decorators: readonly DecoratorFact[];
  /** The schema of the class `@Type(() => X)` names, when it is a nested DTO. */
  nested?: JsonSchema;
  /** Whether the nested class is judged exactly by its schema (run time; default: yes). */
  nestedExact?: boolean;
  /** Whether the type lets the property be absent (`?`, `| undefined`); unknown at run time. */
  typeOptional?: boolean;
  /** The class's initializer for the property: `plainToInstance` (and the gate's defaults) set it. */
  default?: JsonValue;
  traits?: Partial<PropertyTraits>;
}

/** Why the schema does not say a decorator exactly. */
export type UnsaidReason =
  | 'conditional'
  | 'custom'
  | 'reshaped'
  | 'unread'
  | 'options'
  | 'grouped'
  | 'looser'
  | 'null'
  | 'untyped'
  | 'nested';

/** A decorator the schema says less than (class-validator keeps the final word on it). */
export interface Unsaid {
  decorator: string;
  why: UnsaidReason;
}

/** A constraint that refuses every value its property can be sent. */
export interface Refusal {
  decorator: string;
  /** Under `each`: every element is refused, so only an empty array passes. */
  each: boolean;
}

/** What the rule set decided for a property. */
export interface PropertyRuling {
  schema: JsonSchema;
  optional: boolean;
  /** True when the schema gate's verdict on the property is class-validator's (nothing in `unsaid`). */
  exact: boolean;
  unsaid: Unsaid[];
  /** Why no value can satisfy the schema, when none can. */
  unsatisfiable?: string;
  /**
   * The constraints whose validator passes none of the JSON types the property (or, under
   * `each`, its elements) can be sent as, but `null`: `@IsDate` without a conversion to `Date`,
   * `@IsDecimal` on a number. Codegen reports each (TW120), `register()` refuses the tool.
   */
  refused?: Refusal[];
  /**
   * An exact `@ValidateIf`: when `condition` holds, the property is `schema` (and required unless
   * `optional`), for the object's `if`/`then`.
   */
  when?: { condition: Condition; schema: JsonSchema; optional: boolean };
}

const ANNOTATIONS = ['description', 'title', 'examples', 'deprecated'] as const;

/** The types a constraint's validator can pass: its row's, or its keywords' own `type`. */
function acceptsOf(
  rule: ConstraintRule,
  keywords: JsonSchema,
  traits: PropertyTraits,
): readonly JsonSchemaType[] | undefined {
  if (typeof rule.accepts === 'function') return rule.accepts(traits);
  if (rule.accepts) return rule.accepts;
  return declaredTypes(keywords);
}

type Constraint = Extract<DecoratorFact, { kind: 'constraint' }>;

/** The level with a rule's words after its own description (once, however often the rule is met). */
function withWords(level: JsonSchema, words: string | undefined): JsonSchema {
  if (!words || level.description?.includes(words)) return level;
  const said = level.description?.trim();
  if (!said) return { ...level, description: words };
  return { ...level, description: `${said}${/[.!?:]$/.test(said) ? '' : '.'} ${words}` };
}

/** What the schema says of a property whose value `plainToInstance` reshapes: nothing but its words. */
function annotationsOf(base: JsonSchema): JsonSchema {
  const out: Record<string, unknown> = {};
  for (const key of ANNOTATIONS) if (base[key] !== undefined) out[key] = base[key];
  return out as JsonSchema;
}

const SCALARS = new Set<JsonSchemaType>(['string', 'number', 'integer', 'boolean', 'null']);

/** What an exact `@ValidateIf` leaves outside its `then`: the words, and a scalar type's name. */
function outsideCondition(base: JsonSchema): JsonSchema {
  const types = declaredTypes(base);
  const scalar = types && types.length > 0 && types.every((type) => SCALARS.has(type));
  return scalar ? { ...annotationsOf(base), type: base.type } : annotationsOf(base);
}

/** A level's JSON types but `null` (none when it has no `type`). */
const nonNull = (schema: JsonSchema): JsonSchemaType[] =>
  (declaredTypes(schema) ?? []).filter((type) => type !== 'null');

const isArrayTyped = (schema: JsonSchema): boolean =>
  declaredTypes(schema)?.includes('array') ?? false;

/** The nested class's schema in the property's place (or its items'), keeping the base's words and `null`. */
function placeNested(base: JsonSchema, nested: JsonSchema, each: boolean): JsonSchema {
  if (each || isArrayTyped(base)) return { ...base, items: nested };
  const placed = allowsNull(base) && !allowsNull(nested) ? withNull(nested) : nested;
  return base.description ? { ...placed, description: base.description } : placed;
}

/** The keywords of each constraint laid on the property (or its items), after narrowing types. */
function applyConstraints(
  input: PropertyInput,
  constraints: readonly Constraint[],
  skipsNull: boolean,
  unsaid: Unsaid[],
  refused: Refusal[],
): JsonSchema {
  const traits: PropertyTraits = { dateTransform: false, ...input.traits };
  const nestedEach = input.decorators.some((d) => d.kind === 'nested' && d.each);
  let own = input.nested ? placeNested(input.base, input.nested, nestedEach) : { ...input.base };
  const hasEach = constraints.some((c) => c.each);
  let items: JsonSchema | undefined =
    hasEach || isArrayTyped(own)
      ? own.items === false
        ? {}
        : { ...(own.items ?? {}) }
      : undefined;
  if (hasEach && !declaredTypes(own)) own = { ...own, type: 'array' };
  const keywordsOf = constraints.map((c) => constraintKeywords(c.rule, c.args));
  // Types first, so a keyword finds the final type whatever the decorators' order.
  constraints.forEach((c, i) => {
    const accepts = acceptsOf(c.rule, keywordsOf[i], traits);
    if (!accepts) return;
    const onItems = c.each && !!items;
    const before = onItems ? items! : own;
    const after = narrow(before, accepts, onItems ? false : skipsNull);
    if (nonNull(before).length > 0 && nonNull(after).length === 0)
      refused.push({ decorator: c.rule.decorator, each: onItems });
    if (onItems) items = after;
    else own = after;
  });
  constraints.forEach((c, i) => {
    const { type: _type, ...rest } = keywordsOf[i];
    const level = c.each && items ? items : own;
    const { keywords, untyped } = fitting(level, rest);
    if (untyped) unsaid.push({ decorator: c.rule.decorator, why: 'untyped' });
    const words = c.rule.words?.(c.args);
    const laid = withWords(layKeywords(level, keywords), words);
    if (c.each && items) items = laid;
    else own = laid;
  });
  constraints.forEach((c) => {
    const level = c.each && items ? items : own;
    const why = constraintGap(c, traits, allowsNull(level) && (c.each || !skipsNull));
    if (why) unsaid.push({ decorator: c.rule.decorator, why });
  });
  if (!items) return own;
  // Elements no value satisfies (`@IsDecimal({ each: true })` on `number[]`): only `[]` passes.
  const noElement = Array.isArray(items.type) && items.type.length === 0;
  return { ...own, items: noElement ? false : items };
}

/** Why a constraint's keywords do not say exactly what its validator does, if they do not. */
function constraintGap(
  c: Constraint,
  traits: PropertyTraits,
  nullReachesValidator: boolean,
): UnsaidReason | undefined {
  if (c.rule.unsaid?.(c.args)) return 'options';
  if (c.grouped) return 'grouped';
  if (c.rule.exact && !c.rule.exact(c.args, traits)) return 'looser';
  // No row's validator passes null; the schema lets it through where the type has it.
  if (nullReachesValidator) return 'null';
  return undefined;
}

const decoratorName = (fact: DecoratorFact): string =>
  fact.kind === 'constraint'
    ? fact.rule.decorator
    : 'decorator' in fact
      ? fact.decorator
      : { optional: 'IsOptional', defined: 'IsDefined', allow: 'Allow', nested: 'ValidateNested' }[
          fact.kind
        ];

/** Decides a property's schema, optionality and exactness from its type and decorators. */
export function ruleProperty(input: PropertyInput): PropertyRuling {
  const facts = input.decorators;
  const unsaid: Unsaid[] = [];
  for (const fact of facts) {
    if (fact.kind === 'custom' || fact.kind === 'unread' || fact.kind === 'reshaped') {
      unsaid.push({ decorator: fact.decorator, why: fact.kind });
    } else if (fact.kind === 'conditional') {
      unsaid.push({ decorator: fact.decorator, why: 'conditional' });
    } else if (fact.kind === 'nested' && input.nestedExact === false) {
      unsaid.push({ decorator: decoratorName(fact), why: 'nested' });
    }
  }
  const withDefault = (schema: JsonSchema): JsonSchema =>
    input.default !== undefined && schema.default === undefined
      ? { ...schema, default: input.default }
      : schema;
  if (facts.some((f) => f.kind === 'reshaped')) {
    return { schema: withDefault(annotationsOf(input.base)), optional: true, exact: false, unsaid };
  }
  const conditionals = facts.filter((f) => f.kind === 'conditional');
  if (conditionals.length > 0) {
    const base = input.nested ? placeNested(input.base, input.nested, false) : input.base;
    const ruling = { schema: withDefault(base), optional: true, exact: false, unsaid };
    const [only] = conditionals;
    if (conditionals.length !== 1 || only.kind !== 'conditional' || !only.when) return ruling;
    // Said exactly as if/then (nothing to warn of); class-validator still runs: run time cannot read it.
    // When the condition is false class-validator skips the property and all under it, so outside
    // `then` the schema keeps only a scalar type's name (the documented narrowing to the TypeScript
    // type): the whole schema, a nested DTO's included, is `then`'s.
    const inner = ruleProperty({ ...input, decorators: facts.filter((f) => f !== only) });
    return {
      ...ruling,
      schema: withDefault(outsideCondition(input.base)),
      unsaid: inner.unsaid,
      when: { condition: only.when, schema: inner.schema, optional: inner.optional },
    };
  }
  const skipsNull = facts.some((f) => f.kind === 'optional');
  const constraints = facts.filter((f): f is Constraint => f.kind === 'constraint');
  const refused: Refusal[] = [];
  const schema = withDefault(applyConstraints(input, constraints, skipsNull, unsaid, refused));
  const refusesUndefined = facts.some(
    (f) => (f.kind === 'constraint' && !f.grouped) || f.kind === 'defined',
  );
  // Unknown at run time (no manifest): a decorated property is required unless a decorator says not.
  const optional =
    skipsNull || input.default !== undefined || (input.typeOptional === true && !refusesUndefined);
  const why = unsatisfiable(schema);
  return {
    // A schema nothing satisfies, still valid JSON Schema (codegen reports it as an error).
    schema: why ? { ...annotationsOf(schema), not: {} } : schema,
    optional,
    exact: unsaid.length === 0,
    unsaid,
    ...(why ? { unsatisfiable: why } : {}),
    ...(refused.length > 0 ? { refused } : {}),
  };
}
