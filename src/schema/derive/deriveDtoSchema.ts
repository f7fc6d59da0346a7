/**
 * Derives the JSON Schema of a class-validator DTO at run time, from class-validator's
 * metadata storage, class-transformer's `@Type` and the emitted `design:type`, through the
 * shared constraint table. Used when there is no manifest; codegen reads the same decorators
 * from source.
 */
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { readPropertyType } from '../../metadata/reflection';
import { constraintKeywords, layKeywords, ruleForValidator } from '../constraintTable';
import { dateTimeSchema } from '../formatPatterns';
import type { JsonSchema, ObjectSchema } from '../JsonSchema';
import { nestedTypeOf } from './nestedTypeOf';

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

/** State of one derivation: classes met on the current path and the `$defs` for recursion. */
interface Derivation {
  onPath: Set<unknown>;
  defs: Record<string, JsonSchema>;
  recursive: Set<unknown>;
}

/** The object schema of a DTO class, with `$defs` for classes that contain themselves. */
export function deriveDtoSchema(cls: Ctor): ObjectSchema {
  const state: Derivation = { onPath: new Set(), defs: {}, recursive: new Set() };
  const schema = objectSchemaOf(cls, state);
  if (state.recursive.has(cls)) state.defs[cls.name] = { ...schema };
  if (Object.keys(state.defs).length > 0) schema.$defs = state.defs;
  return schema;
}

function objectSchemaOf(cls: Ctor, state: Derivation): ObjectSchema {
  state.onPath.add(cls);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const meta of validationMetadataOf(cls)) {
    byProperty.set(meta.propertyName, [...(byProperty.get(meta.propertyName) ?? []), meta]);
  }
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, metas] of byProperty) {
    properties[name] = propertySchema(cls, name, metas, state);
    if (!metas.some((m) => m.type === 'conditionalValidation')) required.push(name);
  }
  state.onPath.delete(cls);
  const schema: ObjectSchema = { type: 'object', properties, additionalProperties: false };
  if (required.length > 0) schema.required = required;
  return schema;
}

function propertySchema(
  cls: Ctor,
  name: string,
  metas: ValidationMetadata[],
  state: Derivation,
): JsonSchema {
  const designType = readPropertyType(cls.prototype as object, name);
  const nested = nestedTypeOf(cls, name);
  const isEach = metas.some((m) => m.each);
  let own: JsonSchema = schemaOfRuntimeType(designType) ?? {};
  let items: JsonSchema | undefined = isEach || designType === Array ? {} : undefined;
  if (nested && metas.some((m) => m.type === 'nestedValidation')) {
    const nestedSchema = nestedClassSchema(nested as Ctor, state);
    if (items) items = { ...items, ...nestedSchema };
    else own = { ...own, ...nestedSchema };
  }
  for (const meta of metas) {
    const rule = meta.name ? ruleForValidator(meta.name) : undefined;
    if (!rule) continue;
    const keywords = constraintKeywords(rule, meta.constraints ?? []);
    if (meta.each && items) items = layKeywords(items, keywords);
    else own = layKeywords(own, keywords);
  }
  if (items) own = { ...own, type: 'array', items };
  return own;
}

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
