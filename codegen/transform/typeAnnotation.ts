/**
 * What a type annotation in source writes, read from its syntax: the one member of `T | null`,
 * the element of `T[]`, the `Record<K, V>` behind aliases, the chain of aliases it names. The
 * checker's types lose these (aliases of primitives, member order), so the builder reads them
 * from the annotation; separate because each is a question about syntax, not about types.
 */
import { ts } from '../typescript';

/** `T`, `(T)`, `T | null`, `T | undefined` → `T`; other unions → undefined. */
export function soleMember(node: ts.TypeNode): ts.TypeNode | undefined {
  if (ts.isParenthesizedTypeNode(node)) return soleMember(node.type);
  if (!ts.isUnionTypeNode(node)) return node;
  const rest = node.types.filter(
    (member) =>
      member.kind !== ts.SyntaxKind.UndefinedKeyword &&
      !(ts.isLiteralTypeNode(member) && member.literal.kind === ts.SyntaxKind.NullKeyword),
  );
  return rest.length === 1 ? soleMember(rest[0]!) : undefined;
}

/** The element's annotation of an array annotation: `T[]`, `readonly T[]`, `Array<T>`. */
export function elementNode(node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  const sole = node && soleMember(node);
  if (!sole) return undefined;
  if (ts.isArrayTypeNode(sole)) return sole.elementType;
  if (ts.isTypeOperatorNode(sole)) return elementNode(sole.type);
  if (ts.isTypeReferenceNode(sole) && sole.typeArguments?.length === 1) {
    const name = sole.typeName.getText();
    if (name === 'Array' || name === 'ReadonlyArray') return sole.typeArguments[0];
  }
  return undefined;
}

/** The symbol a type reference names, through an import alias. */
function referencedSymbol(
  checker: ts.TypeChecker,
  node: ts.TypeReferenceNode,
): ts.Symbol | undefined {
  const symbol = checker.getSymbolAtLocation(node.typeName);
  return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/**
 * The `Record<Key, V>` a type annotation writes, directly or through type aliases without
 * parameters (`type ExchangeRate = Record<CurrencyISO, number>`, then `rates: ExchangeRate`).
 */
export function recordNode(
  checker: ts.TypeChecker,
  typeNode: ts.TypeNode,
  depth = 0,
): ts.TypeReferenceNode | undefined {
  const node = soleMember(typeNode);
  if (!node || !ts.isTypeReferenceNode(node)) return undefined;
  if (node.typeName.getText() === 'Record') return node;
  if (depth > 8 || node.typeArguments?.length) return undefined;
  const alias = referencedSymbol(checker, node)?.declarations?.find(ts.isTypeAliasDeclaration);
  return alias && !alias.typeParameters ? recordNode(checker, alias.type, depth + 1) : undefined;
}

/**
 * The type aliases `typeNode` names, outermost first (`Slug`, `Slug | null`, through aliases of
 * aliases), at most eight, stopping at a cycle.
 */
export function aliasChain(checker: ts.TypeChecker, typeNode: ts.TypeNode): ts.Symbol[] {
  const chain: ts.Symbol[] = [];
  let node: ts.TypeNode | undefined = soleMember(typeNode);
  while (node && ts.isTypeReferenceNode(node) && chain.length < 8) {
    const symbol = referencedSymbol(checker, node);
    const declaration = symbol?.declarations?.find(ts.isTypeAliasDeclaration);
    if (!symbol || !declaration || chain.includes(symbol)) break;
    chain.push(symbol);
    node = soleMember(declaration.type);
  }
  return chain;
}
