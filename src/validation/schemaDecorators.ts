/**
 * Turns one property's JSON Schema into class-validator decorators: built-in decorators for
 * the keywords class-validator has (the inverse of the shared constraint table), and one
 * `Allow` for anything more: the registry's schema gate has already checked that shape, so
 * checking it again here would only repeat the work. A table of keywords, one function per shape.
 */
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNumber,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import type { ValidationOptions } from 'class-validator';
import type { JsonSchema } from '../schema/JsonSchema';

type Keyword = keyof JsonSchema & string;
type DecoratorFactory = (value: never, options: ValidationOptions) => PropertyDecorator;

const NUMBER_OPTIONS = { allowNaN: false, allowInfinity: false };

/** Keywords with a class-validator decorator of their own. */
const KEYWORD_DECORATORS: Partial<Record<Keyword, DecoratorFactory>> = {
  minLength: (v: number, o) => MinLength(v, o),
  maxLength: (v: number, o) => MaxLength(v, o),
  pattern: (v: string, o) => Matches(new RegExp(v, 'u'), o),
  minimum: (v: number, o) => Min(v, o),
  maximum: (v: number, o) => Max(v, o),
  enum: (v: unknown[], o) => IsIn(v, o),
};

const TYPE_DECORATORS: Record<string, (o: ValidationOptions) => PropertyDecorator> = {
  string: (o) => IsString(o),
  number: (o) => IsNumber(NUMBER_OPTIONS, o),
  integer: (o) => IsInt(o),
  boolean: (o) => IsBoolean(o),
};

const FORMAT_DECORATORS: Record<string, (o: ValidationOptions) => PropertyDecorator> = {
  email: (o) => IsEmail({}, o),
};

/** Keywords that describe and never constrain. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'default',
  'examples',
  'deprecated',
  '$comment',
]);

/** True when class-validator built-ins express the whole schema (a primitive with simple keywords). */
function isSimple(schema: JsonSchema): boolean {
  if (typeof schema.type !== 'string' || !(schema.type in TYPE_DECORATORS)) return false;
  return Object.keys(schema).every(
    (key) =>
      key === 'type' ||
      ANNOTATIONS.has(key) ||
      key in KEYWORD_DECORATORS ||
      (key === 'format' && typeof schema.format === 'string' && schema.format in FORMAT_DECORATORS),
  );
}

function simpleDecorators(schema: JsonSchema, options: ValidationOptions): PropertyDecorator[] {
  const decorators = [TYPE_DECORATORS[schema.type as string](options)];
  if (schema.format) decorators.push(FORMAT_DECORATORS[schema.format](options));
  for (const [key, value] of Object.entries(schema)) {
    const factory = KEYWORD_DECORATORS[key as Keyword];
    if (factory && value !== undefined) decorators.push(factory(value as never, options));
  }
  return decorators;
}

/** The decorators that validate a value (already known to be neither absent nor an allowed null). */
export function decoratorsForSchema(schema: JsonSchema): PropertyDecorator[] {
  if (isSimple(schema)) return simpleDecorators(schema, {});
  const items = schema.items;
  const arrayKeys = Object.keys(schema).filter((k) => !ANNOTATIONS.has(k));
  const isSimpleArray =
    schema.type === 'array' &&
    arrayKeys.every((k) => ['type', 'items', 'minItems', 'maxItems'].includes(k)) &&
    (items === undefined || (typeof items === 'object' && isSimple(items)));
  if (!isSimpleArray) return [Allow()];
  const decorators = [IsArray()];
  if (schema.minItems !== undefined) decorators.push(ArrayMinSize(schema.minItems));
  if (schema.maxItems !== undefined) decorators.push(ArrayMaxSize(schema.maxItems));
  if (items) decorators.push(...simpleDecorators(items as JsonSchema, { each: true }));
  return decorators;
}

/** Splits `T | null` into `T` and whether null is allowed. */
export function splitNullable(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    const rest = schema.type.filter((t) => t !== 'null');
    return { schema: { ...schema, type: rest.length === 1 ? rest[0] : rest }, nullable: true };
  }
  const branches = schema.anyOf;
  if (branches?.some((b) => b.type === 'null' && Object.keys(b).length === 1)) {
    const rest = branches.filter((b) => !(b.type === 'null' && Object.keys(b).length === 1));
    const { anyOf: _drop, ...others } = schema;
    return {
      schema: rest.length === 1 ? { ...others, ...rest[0] } : { ...others, anyOf: rest },
      nullable: true,
    };
  }
  if (schema.enum?.includes(null)) return { schema, nullable: true };
  return { schema, nullable: false };
}
