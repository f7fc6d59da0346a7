/**
 * The keywords a type's own documentation adds to its schema: the JSDoc of the interface, class
 * or type alias it is declared by, of the aliases an annotation names (the checker keeps none on
 * primitives), and of a `Record`'s key alias (as `propertyNames`). Separate from the builder
 * because it reads declarations and JSDoc, not the shape of the type.
 */
import { ts } from '../typescript';
import type { JsonSchema } from '../../src/schema/JsonSchema';
import { readSymbolDoc } from '../collect/readJsDoc';
import { isPlatformSymbol } from './builtinSchema';
import { docKeywords, withDocKeywords } from './docKeywords';
import { layKeywords } from '../../src/schema/layKeywords';
import { aliasChain, recordNode } from './typeAnnotation';
import type { SchemaSource } from './SchemaSource';

/** What a key alias's documentation may say of the keys (the rest describes, and has no place). */
const KEY_RULES = new Set(['pattern', 'minLength', 'maxLength', 'format']);

function symbolKeywords(source: SchemaSource, symbol: ts.Symbol, schema: JsonSchema): JsonSchema {
  const doc = readSymbolDoc(symbol, source.context.checker);
  return docKeywords(doc, schema, symbol.getName(), (node, code, message) =>
    source.reportAt(node, code, message),
  );
}

/**
 * The documentation of the interface, class or type alias `type` is declared by (not of the
 * platform's types), over its schema: the summary as `description`, its JSDoc tags.
 */
export function withTypeDoc(source: SchemaSource, type: ts.Type, schema: JsonSchema): JsonSchema {
  const symbol =
    type.aliasSymbol ??
    (type.symbol && type.symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class)
      ? type.symbol
      : undefined);
  if (!symbol || isPlatformSymbol(symbol)) return schema;
  return withDocKeywords(schema, symbolKeywords(source, symbol, schema));
}

/**
 * The JSDoc of the type aliases `typeNode` names (`Slug`, `Slug | null`, through aliases of
 * aliases: the outermost's words, the rules of all), except the one the checker keeps on `type`
 * itself.
 */
export function aliasKeywords(
  source: SchemaSource,
  typeNode: ts.TypeNode,
  type: ts.Type,
  schema: JsonSchema,
): JsonSchema | undefined {
  const chain = aliasChain(source.context.checker, typeNode);
  const documented = chain.filter((symbol) => symbol !== type.aliasSymbol);
  if (!documented.length) return undefined;
  let keywords: JsonSchema = {};
  for (const symbol of documented.reverse())
    keywords = layKeywords(keywords, symbolKeywords(source, symbol, schema));
  return Object.keys(keywords).length ? keywords : undefined;
}

/**
 * The rules the key alias of `Record<Key, V>` documents (`/** @pattern ^[a-z]+$ *\/ type Key
 * = string`), for `propertyNames`: the checker keeps no alias on a key that is a plain string.
 */
export function recordKeyKeywords(
  source: SchemaSource,
  typeNode: ts.TypeNode,
): JsonSchema | undefined {
  const { checker } = source.context;
  const node = recordNode(checker, typeNode);
  if (!node) return undefined;
  const keyNode = node.typeArguments?.[0];
  if (!keyNode || node.typeArguments?.length !== 2) return undefined;
  const keyType = checker.getTypeFromTypeNode(keyNode);
  if (!(keyType.flags & ts.TypeFlags.String)) return undefined;
  const keywords = aliasKeywords(source, keyNode, keyType, { type: 'string' }) ?? {};
  const rules = Object.entries(keywords).filter(([key]) => KEY_RULES.has(key));
  return rules.length ? Object.fromEntries(rules) : undefined;
}
