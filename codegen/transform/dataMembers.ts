/**
 * Which members of an object type are data `JSON.stringify` writes, in source order: not
 * symbol-keyed or `#private` names, not private or protected members, not methods (counted, for
 * the "methods but no data" error), not getters or setters (getters are listed apart: an
 * `@Expose()`d one is output, see `plainExposure`). Its own file because what counts as
 * data is a question apart from the schema each member gets.
 */
import { ts } from '../typescript';
import { orderProperties } from './sourceOrder';

/** Private and protected members (read at each call: a plugin's host compiler has its own flags). */
const isHidden = (declaration: ts.Declaration): boolean =>
  (ts.getCombinedModifierFlags(declaration) &
    (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !==
  0;

const isMethod = (symbol: ts.Symbol): boolean =>
  !!symbol.declarations?.some((d) => ts.isMethodDeclaration(d) || ts.isMethodSignature(d));

/** Getters and setters live on the prototype: `JSON.stringify` never writes them. */
const isAccessor = (symbol: ts.Symbol): boolean =>
  !!symbol.declarations?.some(
    (d) => ts.isGetAccessorDeclaration(d) || ts.isSetAccessorDeclaration(d),
  );

const isGetter = (symbol: ts.Symbol): boolean =>
  !!symbol.declarations?.some((d) => ts.isGetAccessorDeclaration(d) && !isHidden(d));

/** The data members of an object type, in source order, its getters, and how many methods it has. */
export function dataMembers(
  checker: ts.TypeChecker,
  type: ts.Type,
): { members: ts.Symbol[]; getters: ts.Symbol[]; methods: number } {
  const members: ts.Symbol[] = [];
  const getters: ts.Symbol[] = [];
  let methods = 0;
  for (const property of orderProperties(checker.getPropertiesOfType(type))) {
    const name = property.getName();
    if (name.startsWith('__@') || name.startsWith('#')) continue;
    if (property.declarations?.some(isHidden)) continue;
    if (isMethod(property)) {
      methods++;
      continue;
    }
    if (isAccessor(property)) {
      if (isGetter(property)) getters.push(property);
      continue;
    }
    members.push(property);
  }
  return { members, getters, methods };
}
