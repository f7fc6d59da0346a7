/**
 * The one table from class-validator decorators to JSON Schema keywords, shared by the
 * run-time schema derivation (which reads class-validator's metadata storage) and codegen
 * (which reads the decorators in source), through `ruleProperty`. A table, not a switch: the
 * mapping is data. Each row also says which JSON types the validator can pass at all and
 * whether its keywords accept exactly what it accepts: where they do not, class-validator runs.
 */
import {
  dateTimeSchema,
  decimalSchema,
  iso8601Schema,
  uuidPattern,
  uuidPatternExact,
} from './formatPatterns';
import type { JsonSchema, JsonSchemaType, JsonValue } from './JsonSchema';
import { matchesKeywords } from './matchesPattern';
import { urlKeywords, urlWords } from './urlPattern';

/** One class-validator decorator and the keywords it means. */
export interface ConstraintRule {
  /** The decorator as written in source, e.g. `Min`. */
  decorator: string;
  /** The name class-validator records in its metadata storage, e.g. `min`. */
  validator: string;
  /** The keywords for the decorator's arguments (the same values class-validator stores as `constraints`). */
  keywords: (args: readonly unknown[]) => JsonSchema;
  /**
   * The JSON types the validator can pass at all (it refuses every other value); absent: the
   * keywords' own `type`, or any type. The property's type is narrowed to them.
   */
  accepts?: readonly JsonSchemaType[] | ((traits: PropertyTraits) => readonly JsonSchemaType[]);
  /**
   * True when the keywords accept exactly what the validator accepts (given `accepts`); absent:
   * always. Where not, the schema is looser and class-validator runs for the DTO.
   */
  exact?: (args: readonly unknown[], traits: PropertyTraits) => boolean;
  /** True when the arguments carry options the keywords cannot say (codegen warns; class-validator judges by more). */
  unsaid?: (args: readonly unknown[]) => boolean;
  /**
   * What the model is told in words, added to the property's description, where the keywords
   * alone do not say what the validator wants (`@IsUrl`'s pattern says only "no spaces").
   */
  words?: (args: readonly unknown[]) => string | undefined;
}

/** What a row's exactness may depend on beyond its arguments. */
export interface PropertyTraits {
  /** `@Type(() => Date)`: class-transformer turns the string into a `Date` before validation. */
  dateTransform: boolean;
}

const STRING: readonly JsonSchemaType[] = ['string'];
const NUMBER: readonly JsonSchemaType[] = ['number'];
const ARRAY: readonly JsonSchemaType[] = ['array'];
const never = (): boolean => false;

const num = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** The values of a TypeScript enum object, without the reverse mappings of numeric members. */
export function enumValues(entity: unknown): JsonValue[] {
  if (entity === null || typeof entity !== 'object') return [];
  const record = entity as Record<string, unknown>;
  return Object.keys(record)
    .filter((key) => !/^\d+$/.test(key) || typeof record[record[key] as string] !== 'number')
    .map((key) => record[key])
    .filter(
      (value): value is string | number => typeof value === 'string' || typeof value === 'number',
    );
}

/**
 * `@Length`/`@MinLength`/`@MaxLength` as `minLength`/`maxLength`, which count code points. One
 * deliberate difference from class-validator's `isLength` (validator.js), documented in the
 * docs/build.md (its `@Length` row): `isLength` does not count a variation selector (U+FE0E, U+FE0F) right after another
 * character, so "❤️" is 1 character there and 2 here.
 */
const lengthKeywords = (min: unknown, max: unknown): JsonSchema => ({
  minLength: num(min),
  maxLength: num(max),
});

/** True when the first argument is a non-empty options object. */
const hasOptions = ([options]: readonly unknown[]): boolean =>
  options !== null && typeof options === 'object' && Object.keys(options).length > 0;

/**
 * `@IsNumber({ maxDecimalPlaces: n })` as `multipleOf: 1e-n`: class-validator counts the digits
 * after the point of `String(value)`, which is "a multiple of 10^-n" read as `multipleOf` reads
 * numbers. The one difference (docs/build.md says so, its `@IsNumber` row): below 1e-6, where `String` writes an exponent
 * (`1.5e-7`), class-validator misreads the digits (or throws) and the schema refuses.
 */
function decimalStep(options: unknown): number | undefined {
  const places = (options as { maxDecimalPlaces?: unknown } | undefined)?.maxDecimalPlaces;
  return typeof places === 'number' && Number.isInteger(places) && places >= 0 && places <= 100
    ? Number(`1e-${places}`)
    : undefined;
}

/** `isNumber`'s options the schema says: `maxDecimalPlaces`, and NaN/Infinity, which JSON never carries. */
function numberOptionsSaid(options: unknown): boolean {
  if (options === undefined || options === null || typeof options !== 'object') return true;
  const {
    maxDecimalPlaces,
    allowNaN: _nan,
    allowInfinity: _infinity,
    ...rest
  } = options as {
    maxDecimalPlaces?: unknown;
    allowNaN?: unknown;
    allowInfinity?: unknown;
  };
  return (
    Object.keys(rest).length === 0 &&
    (maxDecimalPlaces === undefined || decimalStep(options) !== undefined)
  );
}

/** `isISO8601` without `strict`, whose calendar check no pattern says. */
const notStrict = ([options]: readonly unknown[]): boolean =>
  !(options as { strict?: unknown } | undefined)?.strict;

/** `strict`'s calendar check, which the pattern cannot say, in words (the model is told it). */
const calendarWords = (args: readonly unknown[]): string | undefined =>
  notStrict(args) ? undefined : 'The date must exist in the calendar (2023-02-29 does not).';

/** `isIn`'s values compare by identity: an object or array among them is never matched by JSON. */
const plainValues = ([values]: readonly unknown[]): boolean =>
  Array.isArray(values) && values.every((v) => v === null || typeof v !== 'object');

/** `isEnum` also accepts the names a numeric enum maps back to, which the schema's `enum` leaves out. */
const noReverseMapping = ([entity]: readonly unknown[]): boolean =>
  entity !== null &&
  typeof entity === 'object' &&
  Object.keys(entity).every((key) => !/^\d+$/.test(key));

/** Every class-validator decorator toolwright turns into JSON Schema. */
export const CONSTRAINT_RULES: readonly ConstraintRule[] = [
  { decorator: 'IsString', validator: 'isString', keywords: () => ({ type: 'string' }) },
  {
    decorator: 'IsNumber',
    validator: 'isNumber',
    keywords: ([options]) => ({ type: 'number', multipleOf: decimalStep(options) }),
    exact: ([options]) => numberOptionsSaid(options),
  },
  { decorator: 'IsInt', validator: 'isInt', keywords: () => ({ type: 'integer' }) },
  { decorator: 'IsBoolean', validator: 'isBoolean', keywords: () => ({ type: 'boolean' }) },
  {
    decorator: 'IsDate',
    validator: 'isDate',
    keywords: dateTimeSchema,
    // A `Date` instance only: JSON carries none, so without `@Type(() => Date)` nothing passes.
    accepts: (traits) => (traits.dateTransform ? STRING : []),
    exact: (_args, traits) => traits.dateTransform,
  },
  { decorator: 'IsArray', validator: 'isArray', keywords: () => ({ type: 'array' }) },
  { decorator: 'IsObject', validator: 'isObject', keywords: () => ({ type: 'object' }) },
  { decorator: 'Min', validator: 'min', accepts: NUMBER, keywords: ([v]) => ({ minimum: num(v) }) },
  { decorator: 'Max', validator: 'max', accepts: NUMBER, keywords: ([v]) => ({ maximum: num(v) }) },
  {
    decorator: 'IsPositive',
    validator: 'isPositive',
    accepts: NUMBER,
    keywords: () => ({ exclusiveMinimum: 0 }),
  },
  {
    decorator: 'IsNegative',
    validator: 'isNegative',
    accepts: NUMBER,
    keywords: () => ({ exclusiveMaximum: 0 }),
  },
  {
    decorator: 'MinLength',
    validator: 'minLength',
    accepts: STRING,
    keywords: ([v]) => lengthKeywords(v, undefined),
  },
  {
    decorator: 'MaxLength',
    validator: 'maxLength',
    accepts: STRING,
    keywords: ([v]) => lengthKeywords(undefined, v),
  },
  {
    decorator: 'Length',
    validator: 'isLength',
    accepts: STRING,
    keywords: ([min, max]) => lengthKeywords(min, max),
  },
  // `isNotEmpty` refuses '', null and undefined: `minLength` says it where the type has strings.
  { decorator: 'IsNotEmpty', validator: 'isNotEmpty', keywords: () => ({ minLength: 1 }) },
  {
    decorator: 'Matches',
    validator: 'matches',
    accepts: STRING,
    keywords: ([pattern, modifiers]) => matchesKeywords(pattern, modifiers),
    // class-validator reads the expression without the `u` flag; the schema's pattern may be narrower.
    exact: never,
  },
  {
    decorator: 'IsEmail',
    validator: 'isEmail',
    keywords: () => ({ type: 'string', format: 'email' }),
    exact: (args) => !hasOptions(args),
    unsaid: hasOptions,
  },
  // isURL counts UTF-16 units, the pattern code points: class-validator keeps the last word.
  {
    decorator: 'IsUrl',
    validator: 'isUrl',
    keywords: urlKeywords,
    exact: never,
    unsaid: hasOptions,
    words: urlWords,
  },
  {
    decorator: 'IsUUID',
    validator: 'isUuid',
    keywords: ([version]) => ({ type: 'string', format: 'uuid', pattern: uuidPattern(version) }),
    exact: ([version]) => uuidPatternExact(version),
  },
  {
    decorator: 'IsISO8601',
    validator: 'isIso8601',
    keywords: ([options]) => iso8601Schema(options),
    // `strict` checks the calendar, which the pattern does not say (the words do).
    exact: notStrict,
    words: calendarWords,
  },
  {
    decorator: 'IsDecimal',
    validator: 'isDecimal',
    keywords: ([options]) => decimalSchema(options),
    // Another locale (or options it cannot read): the schema says `type: string` alone.
    exact: ([options]) => decimalSchema(options).pattern !== undefined,
  },
  {
    decorator: 'IsDateString',
    validator: 'isDateString',
    keywords: ([options]) => iso8601Schema(options),
    exact: notStrict,
    words: calendarWords,
  },
  {
    decorator: 'IsIn',
    validator: 'isIn',
    keywords: ([values]) => ({ enum: Array.isArray(values) ? (values as JsonValue[]) : [] }),
    exact: plainValues,
  },
  {
    decorator: 'IsEnum',
    validator: 'isEnum',
    keywords: ([entity]) => ({ enum: enumValues(entity) }),
    exact: noReverseMapping,
  },
  {
    decorator: 'ArrayMinSize',
    validator: 'arrayMinSize',
    accepts: ARRAY,
    keywords: ([v]) => ({ minItems: num(v) }),
  },
  {
    decorator: 'ArrayMaxSize',
    validator: 'arrayMaxSize',
    accepts: ARRAY,
    keywords: ([v]) => ({ maxItems: num(v) }),
  },
  {
    decorator: 'ArrayNotEmpty',
    validator: 'arrayNotEmpty',
    accepts: ARRAY,
    keywords: () => ({ minItems: 1 }),
  },
  {
    decorator: 'ArrayUnique',
    validator: 'arrayUnique',
    accepts: ARRAY,
    keywords: () => ({ uniqueItems: true }),
    // A selector compares by a part of each element, which `uniqueItems` cannot say.
    exact: (args) => typeof args[0] !== 'function',
  },
];

const byDecorator = new Map(CONSTRAINT_RULES.map((rule) => [rule.decorator, rule]));
const byValidator = new Map(CONSTRAINT_RULES.map((rule) => [rule.validator, rule]));

/** The rule for a decorator name as written in source (`Min`), if toolwright knows it. */
export const ruleForDecorator = (name: string): ConstraintRule | undefined => byDecorator.get(name);

/** The rule for a class-validator metadata name (`min`), if toolwright knows it. */
export const ruleForValidator = (name: string): ConstraintRule | undefined => byValidator.get(name);

/** The keywords of a rule with `undefined` values dropped, so merged schemas stay clean. */
export function constraintKeywords(rule: ConstraintRule, args: readonly unknown[]): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(rule.keywords(args))) {
    if (value !== undefined) out[key] = value;
  }
  return out;
}
