/**
 * Derives the JSON Schema of a class-validator DTO at run time, from class-validator's
 * metadata storage, class-transformer's `@Type` and the emitted `design:type`, through the
 * shared rule set (`ruleProperty`; initializers as `default`s, read from a new instance as
 * `plainToInstance` makes one), and with it whether the schema gate judges the DTO exactly
 * as class-validator would. Used when there is no manifest (the schema) and at `register()`
 * (the plan); codegen reads the same decorators from source and applies the same rules.
 */
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { readPropertyType } from '../metadata/reflection';
import { dateTimeSchema } from '../schema/formatPatterns';
import type { JsonSchema, JsonValue, ObjectSchema } from '../schema/JsonSchema';
import { ruleProperty } from '../schema/propertyRules';
import { hasRefusalWords, refusalWords } from '../schema/refusalWords';
import { hasStrategy, nestedTypeOf } from './nestedTypeOf';
import { readDecoratorFacts } from './readDecoratorFacts';

type Ctor = abstract new (...args: never[]) => unknown;

/** True when class-validator knows decorators on this class (or its bases). */
export function isValidatedClass(value: unknown): value is Ctor {
  return typeof value === 'function' && validationMetadataOf(value as Ctor).length > 0;
}

function validationMetadataOf(cls: Ctor): ValidationMetadata[] {
  return getMetadataStorage().getTargetValidationMetadatas(cls as never, '', true, false);
}

/** The schema of a primitive run-time type (`String`, `Number`, `Boolean`, `Date`, `Array`). */
export function schemaOfRuntimeType(type: unknown): JsonSchema | undefined {
  switch (type) {
    case String:
      return { type: 'string' };
    case Number:
      return { type: 'number' };
    case Boolean:
      return { type: 'boolean' };
    case Date:
      return dateTimeSchema();
    case Array:
      return { type: 'array' };
    default:
      return undefined;
  }
}

/** The primitive classes `@Type(() => X)` converts to (class-transformer calls `X(value)`). */
const CONVERSIONS = new Set<unknown>([Number, String, Boolean]);

/** State of one derivation: classes met on the current path and the `$defs` for recursion. */
interface Derivation {
  onPath: Set<unknown>;
  defs: Record<string, JsonSchema>;
  recursive: Set<unknown>;
  /** False once a property anywhere is one the schema cannot judge exactly. */
  exact: boolean;
  /** Why a decorator refuses every value its property can be sent, per such decorator. */
  refused: string[];
  /** class-transformer's implicit conversion: a `Date` property's text becomes a `Date`. */
  implicitConversion: boolean;
}

/** How the DTO is transformed before class-validator sees it. */
export interface DeriveOptions {
  /** `transformOptions.enableImplicitConversion` of the app's `ValidationPipe`. */
  implicitConversion?: boolean;
}

/** What the derivation makes of a DTO class. */
export interface DerivedDto {
  schema: ObjectSchema;
  /** Whether the schema gate alone judges it as class-validator would. */
  exact: boolean;
  /** Why a decorator refuses every value its property can be sent (codegen's TW120), per decorator. */
  refused: string[];
}

/** A DTO class's object schema and whether the schema gate alone judges it as class-validator would. */
export function deriveDto(cls: Ctor, options: DeriveOptions = {}): DerivedDto {
  const state: Derivation = {
    onPath: new Set(),
    defs: {},
    recursive: new Set(),
    exact: true,
    refused: [],
    implicitConversion: options.implicitConversion === true,
  };
  const schema = objectSchemaOf(cls, state);
  if (state.recursive.has(cls)) state.defs[cls.name] = { ...schema };
  if (Object.keys(state.defs).length > 0) schema.$defs = state.defs;
  return { schema, exact: state.exact, refused: state.refused };
}

/** The object schema of a DTO class, with `$defs` for classes that contain themselves. */
export const deriveDtoSchema = (cls: Ctor, options: DeriveOptions = {}): ObjectSchema =>
  deriveDto(cls, options).schema;

function objectSchemaOf(cls: Ctor, state: Derivation): ObjectSchema {
  state.onPath.add(cls);
  if (hasStrategy(cls)) state.exact = false;
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const meta of validationMetadataOf(cls)) {
    byProperty.set(meta.propertyName, [...(byProperty.get(meta.propertyName) ?? []), meta]);
  }
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const initial = initialValues(cls);
  for (const [name, metas] of byProperty) {
    const designType = readPropertyType(cls.prototype as object, name);
    const decorators = readDecoratorFacts(cls, name, metas);
    const typed = nestedTypeOf(cls, name);
    if (CONVERSIONS.has(typed)) decorators.push({ kind: 'reshaped', decorator: 'Type' });
    const nestedClass =
      typeof typed === 'function' && typed !== Date && !CONVERSIONS.has(typed)
        ? (typed as Ctor)
        : undefined;
    const hasNested = decorators.some((d) => d.kind === 'nested');
    const nested = nestedClass && hasNested ? nestedClassSchema(nestedClass, state) : undefined;
    const ruling = ruleProperty({
      base: schemaOfRuntimeType(designType) ?? {},
      decorators,
      ...(nested ? { nested } : {}),
      // ValidateNested without a class from @Type sees plain objects, which it refuses.
      ...(hasNested && !nestedClass ? { nestedExact: false } : {}),
      traits: {
        dateTransform: typed === Date || (state.implicitConversion && designType === Date),
      },
      ...(jsonDefault(initial[name]) !== undefined ? { default: jsonDefault(initial[name]) } : {}),
    });
    if (!ruling.exact) state.exact = false;
    for (const refusal of (ruling.refused ?? []).filter(hasRefusalWords))
      state.refused.push(refusalWords(refusal, `${cls.name}.${name}`));
    properties[name] = ruling.schema;
    if (!ruling.optional) required.push(name);
  }
  state.onPath.delete(cls);
  const schema: ObjectSchema = { type: 'object', properties, additionalProperties: false };
  if (required.length > 0) schema.required = required;
  return schema;
}

/**
 * The values a new instance starts with (its initializers), as `plainToInstance` creates it; none
 * when the constructor needs arguments or throws.
 */
function initialValues(cls: Ctor): Record<string, unknown> {
  try {
    return new (cls as unknown as new () => Record<string, unknown>)();
  } catch {
    return {};
  }
}

/** True for plain JSON data: what a literal initializer is (codegen reads only literals). */
function isPlainJson(value: unknown): value is JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value as object).every(isPlainJson);
}

/** An initializer's value as a schema `default`, when it is plain JSON. */
const jsonDefault = (value: unknown): JsonValue | undefined =>
  isPlainJson(value) ? (JSON.parse(JSON.stringify(value)) as JsonValue) : undefined;

function nestedClassSchema(nested: Ctor, state: Derivation): JsonSchema {
  if (state.onPath.has(nested)) {
    state.recursive.add(nested);
    return { $ref: `#/$defs/${nested.name}` };
  }
  const schema = objectSchemaOf(nested, state);
  if (!state.recursive.has(nested)) return schema;
  state.defs[nested.name] = schema;
  return { $ref: `#/$defs/${nested.name}` };
}
