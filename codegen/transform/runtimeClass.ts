/**
 * The run-time class a named parameter's argument is converted to, recorded in the manifest so
 * that code compiled without decorator metadata (tsx, esbuild, Vitest) still gets it: `Date`, or
 * a DTO class that carries class-validator decorators. Other types need no class at run time.
 */
import { ts } from '../typescript';
import type { DecoratorResolver } from '../collect/decoratorOrigin';
import { isPlatformSymbol } from './builtinSchema';

/** Whether a property of the class carries a class-validator decorator (as run time reads it). */
function hasValidatedProperty(type: ts.Type, resolver: DecoratorResolver): boolean {
  return type
    .getProperties()
    .some((property) =>
      (property.declarations ?? []).some(
        (declaration) =>
          ts.canHaveDecorators(declaration) &&
          (ts.getDecorators(declaration) ?? []).some(
            (decorator) => resolver.fromPackage(decorator, 'class-validator') !== undefined,
          ),
      ),
    );
}

/** `Date`, a validated DTO class's name, or `undefined` when the argument stays its JSON value. */
export function runtimeClassOf(
  type: ts.Type,
  checker: ts.TypeChecker,
  resolver: DecoratorResolver,
): string | undefined {
  // Only a union can hold `null` or `undefined` beside a class; the checker's answer costs more.
  const present = type.flags & ts.TypeFlags.Union ? checker.getNonNullableType(type) : type;
  const symbol = present.flags & ts.TypeFlags.Object ? present.getSymbol() : undefined;
  if (!symbol) return undefined;
  // The lib declares Date as an interface (and a `var` of its constructor), not as a class.
  if (isPlatformSymbol(symbol)) return symbol.getName() === 'Date' ? 'Date' : undefined;
  if (!(symbol.flags & ts.SymbolFlags.Class)) return undefined;
  return hasValidatedProperty(present, resolver) ? symbol.getName() : undefined;
}
