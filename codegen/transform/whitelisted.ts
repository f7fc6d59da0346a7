/**
 * class-validator's whitelist, as codegen reads it: in a class class-validator validates (one of
 * its properties carries a validator), a property with none is refused by `validate` with
 * `whitelist` and `forbidNonWhitelisted` (what the registry runs, and what NestJS apps run), so
 * the schema must not offer it. The run-time derivation sees only decorated properties anyway.
 */
import { ts } from '../typescript';
import type { SchemaSource } from './SchemaSource';

/** Whether class-validator knows the property: a decorator of its own, or a custom one that registers a validator. */
export function isValidatedProperty(builder: SchemaSource, property: ts.Symbol): boolean {
  const { resolver } = builder.context;
  return (property.declarations ?? []).some(
    (declaration) =>
      ts.canHaveDecorators(declaration) &&
      (ts.getDecorators(declaration) ?? []).some(
        (decorator) =>
          resolver.fromPackage(decorator, 'class-validator') !== undefined ||
          resolver.callsInto(decorator, ['class-validator']) !== undefined,
      ),
  );
}

/**
 * What to add so class-validator keeps an undecorated property: `@ValidateNested()` where the
 * value is a nested DTO (`@Type(() => X)` written, or a class class-validator validates), else
 * a validator or `@Allow()`.
 */
export function whitelistFix(builder: SchemaSource, property: ts.Symbol): string {
  const { resolver, checker } = builder.context;
  const typed = (property.declarations ?? []).some(
    (declaration) =>
      ts.canHaveDecorators(declaration) &&
      (ts.getDecorators(declaration) ?? []).some(
        (decorator) => resolver.fromPackage(decorator, 'class-transformer') === 'Type',
      ),
  );
  let type = checker.getNonNullableType(checker.getTypeOfSymbol(property));
  if (checker.isArrayType(type)) type = checker.getTypeArguments(type as ts.TypeReference)[0]!;
  return typed || isValidatedClass(builder, type)
    ? 'add @ValidateNested() (with @Type(() => ItsClass)) so class-validator validates the nested object'
    : 'add a validator (or @Allow()) to accept it';
}

/** Whether the type is a class whose properties class-validator validates (and so whitelists). */
export function isValidatedClass(builder: SchemaSource, type: ts.Type): boolean {
  const symbol = type.getSymbol();
  if (!symbol || !(symbol.flags & ts.SymbolFlags.Class)) return false;
  return type.getProperties().some((property) => isValidatedProperty(builder, property));
}

/**
 * The class of a nested DTO class-validator does not look inside: the property has validators
 * (`@IsDefined()`, `@IsObject()`) but no `@ValidateNested()`, and its type (or its elements')
 * is a class class-validator validates. The schema still says that class (its TypeScript type).
 */
export function unvalidatedNested(builder: SchemaSource, property: ts.Symbol): string | undefined {
  const { resolver, checker } = builder.context;
  const decorators = (property.declarations ?? []).flatMap((declaration) =>
    ts.canHaveDecorators(declaration) ? (ts.getDecorators(declaration) ?? []) : [],
  );
  if (decorators.some((d) => resolver.fromPackage(d, 'class-validator') === 'ValidateNested'))
    return undefined;
  let type = checker.getNonNullableType(checker.getTypeOfSymbol(property));
  if (checker.isArrayType(type)) type = checker.getTypeArguments(type as ts.TypeReference)[0]!;
  return isValidatedClass(builder, type) ? type.getSymbol()!.getName() : undefined;
}

/** Whether the property carries class-transformer's `@Exclude()`, which drops what is sent before validation. */
export function isExcluded(builder: SchemaSource, property: ts.Symbol): boolean {
  const { resolver } = builder.context;
  return (property.declarations ?? []).some(
    (declaration) =>
      ts.canHaveDecorators(declaration) &&
      (ts.getDecorators(declaration) ?? []).some(
        (decorator) => resolver.fromPackage(decorator, 'class-transformer') === 'Exclude',
      ),
  );
}
