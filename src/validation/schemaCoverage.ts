/**
 * Decides, once per `@Params` DTO, whether the schema gate already judges every class-validator
 * constraint of it exactly (so `validate` would only repeat the verdict) or whether some
 * constraint says more than the schema can (a custom validator, `@ValidateIf`, `@Matches`'
 * non-Unicode regex, a URL or UUID check, options), in which case class-validator runs.
 */
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { readPropertyType } from '../metadata/reflection';
import { isReshaped, nestedTypeOf } from '../schema/derive/nestedTypeOf';
import { decimalSchema } from '../schema/formatPatterns';

type Ctor = abstract new (...args: never[]) => unknown;

/** What a constraint needs of its property for the schema's keyword to mean the same. */
type Needs = 'nothing' | 'string' | 'number' | 'array' | 'typed' | 'date';

/**
 * Built-in constraints the schema gate judges exactly (or more strictly, never less), through
 * the keywords `constraintTable` emits for them, and what they need of the property. A constraint
 * class-validator only applies to one type (`@Min` rejects a string; `minimum` ignores it) is
 * exact only where the property has that type.
 */
const EXACT: Record<string, Needs> = {
  isString: 'nothing',
  isInt: 'nothing',
  isBoolean: 'nothing',
  isArray: 'nothing',
  isObject: 'nothing',
  isDefined: 'nothing',
  isOptional: 'nothing',
  isEmail: 'nothing',
  isIn: 'nothing',
  isEnum: 'nothing',
  isNumber: 'nothing',
  min: 'number',
  max: 'number',
  isPositive: 'number',
  isNegative: 'number',
  minLength: 'string',
  maxLength: 'string',
  isLength: 'string',
  isNotEmpty: 'typed',
  arrayMinSize: 'array',
  arrayMaxSize: 'array',
  arrayNotEmpty: 'array',
  arrayUnique: 'array',
  isDate: 'date',
  isIso8601: 'string',
  isDecimal: 'string',
  isDateString: 'string',
};

const TYPE_OF: Record<string, Needs> = {
  isString: 'string',
  isInt: 'number',
  isNumber: 'number',
  isArray: 'array',
};

const DESIGN_TYPES = new Map<unknown, Needs>([
  [String, 'string'],
  [Number, 'number'],
  [Array, 'array'],
  [Boolean, 'typed'],
]);

const metadataOf = (cls: Ctor): ValidationMetadata[] =>
  getMetadataStorage().getTargetValidationMetadatas(cls as never, '', true, false);

/** Options class-validator's built-ins take that the schema keyword does not carry. */
function hasOptions(meta: ValidationMetadata): boolean {
  const args = meta.constraints ?? [];
  switch (meta.name) {
    case 'isEmail':
    case 'isNumber':
    case 'arrayUnique':
      return args[0] !== undefined && Object.keys(args[0] as object).length > 0;
    case 'isIso8601':
    case 'isDateString':
      // `strict` checks the calendar, which the pattern does not say.
      return Boolean((args[0] as { strict?: unknown } | undefined)?.strict);
    case 'isDecimal':
      // Another locale (or options it cannot read): the schema says `type: string` alone.
      return decimalSchema(args[0]).pattern === undefined;
    case 'isIn':
      return !Array.isArray(args[0]) || args[0].some((v) => v !== null && typeof v === 'object');
    default:
      return false;
  }
}

/** The types a property is known to have, per level (the value itself, or each element). */
function typesOf(
  cls: Ctor,
  property: string,
  metas: ValidationMetadata[],
  each: boolean,
): Set<Needs> {
  const types = new Set<Needs>();
  const design = readPropertyType(cls.prototype as object, property);
  if (!each && DESIGN_TYPES.has(design)) types.add(DESIGN_TYPES.get(design) as Needs);
  if (!each && design === Date && nestedTypeOf(cls, property) === Date) types.add('date');
  for (const meta of metas) {
    if (Boolean(meta.each) === each && meta.name && TYPE_OF[meta.name])
      types.add(TYPE_OF[meta.name]);
  }
  if (types.size > 0) types.add('typed');
  return types;
}

function exact(
  cls: Ctor,
  meta: ValidationMetadata,
  metas: ValidationMetadata[],
  seen: Set<unknown>,
): boolean {
  if ((meta.groups?.length ?? 0) > 0 || meta.always) return false;
  if (isReshaped(cls, meta.propertyName)) return false;
  switch (meta.type) {
    case 'whitelistValidation':
      return true;
    case 'nestedValidation': {
      const nested = nestedTypeOf(cls, meta.propertyName);
      return typeof nested === 'function' && judgedBySchema(nested as Ctor, seen);
    }
    case 'conditionalValidation':
      return meta.name === 'isOptional';
    default: {
      const needs = meta.name ? EXACT[meta.name] : undefined;
      if (needs === undefined || hasOptions(meta)) return false;
      return (
        needs === 'nothing' || typesOf(cls, meta.propertyName, metas, Boolean(meta.each)).has(needs)
      );
    }
  }
}

/** True when the schema gate judges every constraint of the class (and its nested classes) exactly. */
export function judgedBySchema(cls: Ctor, seen: Set<unknown> = new Set()): boolean {
  if (seen.has(cls)) return true;
  seen.add(cls);
  const metas = metadataOf(cls);
  return metas.every((meta) =>
    exact(
      cls,
      meta,
      metas.filter((m) => m.propertyName === meta.propertyName),
      seen,
    ),
  );
}
