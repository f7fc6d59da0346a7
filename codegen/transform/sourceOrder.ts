/**
 * Orders the members of a union as the source writes them. The checker orders union members by
 * internal type ids, which depend on what was checked first; a manifest built in `--watch` must
 * be byte-identical to a cold run, so the order comes from the type annotations instead.
 */
import { ts } from '../typescript';

const position = (type: ts.Type): string | undefined => {
  const declaration = type.symbol?.declarations?.[0];
  if (!declaration) return undefined;
  return `${declaration.getSourceFile().fileName}:${String(declaration.pos).padStart(10, '0')}`;
};

/** A deterministic key for a type no annotation places: its declaration, else its text. */
const fallbackKey = (type: ts.Type, checker: ts.TypeChecker): string =>
  position(type) ?? `~${checker.typeToString(type)}`;

function aliasTypeNode(type: ts.Type): ts.TypeNode | undefined {
  const declaration = type.aliasSymbol?.declarations?.[0];
  return declaration && ts.isTypeAliasDeclaration(declaration) ? declaration.type : undefined;
}

/** The members of `union` in source order: `typeNode` (the annotation) first, then the alias. */
export function orderUnionMembers(
  members: readonly ts.Type[],
  union: ts.Type,
  checker: ts.TypeChecker,
  typeNode?: ts.TypeNode,
): ts.Type[] {
  const order: ts.Type[] = [];
  const visited = new Set<ts.Node>();
  const visitType = (type: ts.Type): void => {
    if (type.flags & ts.TypeFlags.Union) {
      const alias = aliasTypeNode(type);
      if (alias) visit(alias);
      const rest = (type as ts.UnionType).types.filter((t) => !order.includes(t));
      rest.sort((a, b) => (fallbackKey(a, checker) < fallbackKey(b, checker) ? -1 : 1));
      order.push(...rest);
    } else order.push(type);
  };
  const visit = (node: ts.TypeNode): void => {
    if (visited.has(node)) return;
    visited.add(node);
    if (ts.isParenthesizedTypeNode(node)) visit(node.type);
    else if (ts.isUnionTypeNode(node)) node.types.forEach(visit);
    else visitType(checker.getTypeFromTypeNode(node));
  };
  if (typeNode) visit(typeNode);
  visitType(union);
  const rank = new Map<ts.Type, number>();
  order.forEach((type, index) => {
    if (!rank.has(type)) rank.set(type, index);
  });
  return [...members].sort((a, b) => (rank.get(a) ?? 1e9) - (rank.get(b) ?? 1e9));
}

/** Properties in declaration order (file, then position); synthetic ones last, by name. */
export function orderProperties(properties: readonly ts.Symbol[]): ts.Symbol[] {
  const keyOf = (symbol: ts.Symbol): string => {
    const declaration = symbol.declarations?.[0];
    if (!declaration) return `~${symbol.getName()}`;
    return `${declaration.getSourceFile().fileName}:${String(declaration.pos).padStart(10, '0')}`;
  };
  return properties
    .map((symbol, index) => ({ symbol, key: keyOf(symbol), index }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index))
    .map((entry) => entry.symbol);
}
