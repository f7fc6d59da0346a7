/**
 * The source a tool file's schemas come from, as syntax nodes per file: the tools' parameters and
 * return types (the whole method when the return type is inferred from its body), and the
 * declarations of every user type they reach (interfaces, aliases, enums, properties; never
 * method or accessor bodies, which no schema reads).
 */
import { ts } from '../typescript';
import type { FoundTool } from './findTools';

/** Types walked per tool file at most: enough for any real DTO graph, bounded for generated ones. */
const MAX_TYPES = 5000;

const isUserFile = (program: ts.Program, file: ts.SourceFile): boolean =>
  !file.fileName.includes('/node_modules/') && !program.isSourceFileDefaultLibrary(file);

/** A declaration a schema can read, or undefined for code that is not data (function bodies, files). */
function describedPart(declaration: ts.Declaration): ts.Node | undefined {
  if (ts.isSourceFile(declaration) || ts.isModuleDeclaration(declaration)) return undefined;
  if (ts.isFunctionLike(declaration) && 'body' in declaration && declaration.body) return undefined;
  // A class's properties are reached one by one; checking the class would check its methods too.
  if (ts.isClassLike(declaration)) return undefined;
  return declaration;
}

/** `'fast'`, `-1`, `true`, `null`: an initializer with no parts of its own to check. */
function isPlainLiteral(node: ts.Expression): boolean {
  if (ts.isPrefixUnaryExpression(node))
    return (
      (node.operator === ts.SyntaxKind.MinusToken || node.operator === ts.SyntaxKind.PlusToken) &&
      (ts.isNumericLiteral(node.operand) || ts.isBigIntLiteral(node.operand))
    );
  return (
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isNumericLiteral(node) ||
    ts.isBigIntLiteral(node) ||
    node.kind === ts.SyntaxKind.TrueKeyword ||
    node.kind === ts.SyntaxKind.FalseKeyword ||
    node.kind === ts.SyntaxKind.NullKeyword
  );
}

/**
 * What to check of a parameter or property: its type annotation alone when it has no initializer;
 * nothing more when the initializer alone gives the type (inferring it reports the initializer's
 * errors). Decorators are left out where they can be: codegen reads their arguments itself and
 * reports what it cannot read, and checking a decorator call against its target is most of a
 * declaration's check. So a plain literal default beside a type annotation (`mode: Mode = 'fast'`)
 * costs only the type annotation when it fits; the whole declaration is checked when it does not
 * (for tsc's own words) or when the initializer is more than a literal.
 */
function checkedPart(node: ts.Node, checker: ts.TypeChecker): ts.Node | undefined {
  if (ts.isPropertySignature(node)) return node.type ?? node;
  if (!ts.isParameter(node) && !ts.isPropertyDeclaration(node)) return node;
  if (!node.initializer) return node.type ?? node;
  if (!node.type) return undefined;
  if (!isPlainLiteral(node.initializer)) return node;
  const fits = checker.isTypeAssignableTo(
    checker.getTypeAtLocation(node.initializer),
    checker.getTypeFromTypeNode(node.type),
  );
  return fits ? node.type : node;
}

/** Collects nodes per file (an import is checked where a type uses it, when the checker resolves it). */
class NodesByFile {
  readonly files = new Map<ts.SourceFile, Set<ts.Node>>();

  constructor(private readonly checker: ts.TypeChecker) {}

  add(node: ts.Node): void {
    const file = node.getSourceFile();
    let nodes = this.files.get(file);
    if (!nodes) {
      nodes = new Set();
      this.files.set(file, nodes);
    }
    const part = checkedPart(node, this.checker);
    if (part) nodes.add(part);
  }
}

/**
 * The nodes of each user file that `tools` (all declared in `toolFile`) take their schemas from;
 * `toolFile` is always a key.
 * @example
 * for (const [file, nodes] of schemaSources(sourceFile, found, program)) check(file, nodes);
 */
export function schemaSources(
  toolFile: ts.SourceFile,
  tools: readonly FoundTool[],
  program: ts.Program,
): Map<ts.SourceFile, Set<ts.Node>> {
  const checker = program.getTypeChecker();
  const nodes = new NodesByFile(checker);
  nodes.files.set(toolFile, new Set());
  const queue: ts.Type[] = [];
  for (const tool of tools) {
    for (const param of tool.params) {
      nodes.add(param.node);
      queue.push(checker.getTypeAtLocation(param.node));
    }
    nodes.add(tool.method.type ?? tool.method);
    const signature = checker.getSignatureFromDeclaration(tool.method);
    if (signature) queue.push(checker.getReturnTypeOfSignature(signature));
  }
  const addDeclarations = (symbol: ts.Symbol | undefined): void => {
    for (const declaration of symbol?.declarations ?? []) {
      if (!isUserFile(program, declaration.getSourceFile())) continue;
      const part = describedPart(declaration);
      if (part) nodes.add(part);
    }
  };
  const seen = new Set<ts.Type>();
  while (queue.length && seen.size < MAX_TYPES) {
    const type = queue.pop()!;
    if (seen.has(type)) continue;
    seen.add(type);
    const symbol = type.getSymbol();
    addDeclarations(symbol);
    addDeclarations(type.aliasSymbol);
    if (type.isUnionOrIntersection()) queue.push(...type.types);
    queue.push(...(type.aliasTypeArguments ?? []));
    if (type.flags & ts.TypeFlags.Object) {
      if ((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference)
        queue.push(...checker.getTypeArguments(type as ts.TypeReference));
      const declaredIn = symbol?.declarations?.[0]?.getSourceFile();
      if (declaredIn && !isUserFile(program, declaredIn)) continue;
      for (const property of type.getProperties()) {
        addDeclarations(property);
        queue.push(checker.getTypeOfSymbol(property));
      }
    }
  }
  return nodes.files;
}
