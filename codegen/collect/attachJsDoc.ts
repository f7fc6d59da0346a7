/**
 * The JSDoc of files a build parsed without it. `tsc` parses a TypeScript file's JSDoc only where
 * a type error could need it (`JSDocParsingMode.ParseForTypeErrors`: comments with `@see` or
 * `@link`), and a compiler plugin reads the very program `tsc` made. Asking ts-patch to parse
 * every file's JSDoc instead (`"parseAllJsDoc"`) cost a 1,000-tool build about 6 % of its time,
 * mostly for the `.d.ts` files of packages, whose JSDoc codegen never reads. So the files codegen
 * reads documentation from get theirs here, on first read, as the parser would have attached it:
 * each `/** … *\/` comment of a node that can carry one (the compiler's `getJSDocCommentRanges`)
 * parsed by the compiler's own JSDoc parser (`parseIsolatedJSDocComment`), added to the node's
 * `jsDoc`, and given its parents as the binder gives them. A file parsed with its JSDoc (the
 * CLI's programs, the Nest CLI's builds) is left as it is.
 *
 * Those are compiler internals, present in every TypeScript from 5.3 (the first with parsing
 * modes) to 6.0; nothing public reads JSDoc from text. A compiler without them leaves the file
 * as it is.
 */
import { ts } from '../typescript';

/** What this module uses of the compiler beyond its public API. */
interface JsDocInternals {
  getJSDocCommentRanges(node: ts.Node, text: string): readonly ts.CommentRange[] | undefined;
  parseIsolatedJSDocComment(
    content: string,
    start: number,
    length: number,
  ): { jsDoc: ts.JSDoc } | undefined;
  canHaveJSDoc(node: ts.Node): boolean;
  setParentRecursive(node: ts.Node, incremental: boolean): unknown;
  getAllSuperTypeNodes(node: ts.Node): readonly ts.Node[];
}

/** A node that can carry JSDoc, with what the parser attached. */
type Documented = ts.Node & { jsDoc?: ts.JSDoc[] };

/** The compiler codegen reads with now, if it has the internals. */
function internals(): JsDocInternals | undefined {
  const compiler = ts as unknown as Partial<JsDocInternals>;
  return typeof compiler.parseIsolatedJSDocComment === 'function' &&
    typeof compiler.getJSDocCommentRanges === 'function' &&
    typeof compiler.canHaveJSDoc === 'function' &&
    typeof compiler.setParentRecursive === 'function' &&
    typeof compiler.getAllSuperTypeNodes === 'function'
    ? (compiler as JsDocInternals)
    : undefined;
}

const attached = new WeakSet<ts.SourceFile>();

/**
 * Whether `file` is TypeScript parsed without its JSDoc (any mode but `ParseAll`) and not one of
 * the compiler's lib files (`no-default-lib`), whose JSDoc the CLI does not parse either: codegen
 * never describes a lib declaration (see `programHost`). A JavaScript file's JSDoc is parsed in
 * every mode but `ParseNone` (it carries types there), and is never added to here.
 */
const parsedWithoutJsDoc = (file: ts.SourceFile): boolean => {
  const mode = (file as { jsDocParsingMode?: ts.JSDocParsingMode }).jsDocParsingMode;
  return (
    mode !== undefined &&
    mode !== ts.JSDocParsingMode.ParseAll &&
    !file.hasNoDefaultLib &&
    !/\.[cm]?jsx?$/i.test(file.fileName)
  );
};

/** Adds to `node` the JSDoc comments before it, as the parser would have. */
function attachTo(node: Documented, text: string, compiler: JsDocInternals): void {
  for (const range of compiler.getJSDocCommentRanges(node, text) ?? []) {
    const parsed = compiler.parseIsolatedJSDocComment(text, range.pos, range.end - range.pos);
    if (!parsed) continue;
    const { jsDoc } = parsed;
    (jsDoc as { parent: ts.Node }).parent = node;
    compiler.setParentRecursive(jsDoc, false);
    (node.jsDoc ??= []).push(jsDoc);
  }
}

/** Where each `/**` of `text` starts (a `/**\/` is no JSDoc), in order. */
function jsDocStarts(text: string): number[] {
  const starts: number[] = [];
  for (let at = text.indexOf('/**'); at >= 0; at = text.indexOf('/**', at + 3))
    if (text.charCodeAt(at + 3) !== 0x2f) starts.push(at);
  return starts;
}

/** Whether one of `starts` (ascending) lies in `[from, to)`. */
function anyWithin(starts: readonly number[], from: number, to: number): boolean {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (starts[middle]! < from) low = middle + 1;
    else high = middle;
  }
  return low < starts.length && starts[low]! < to;
}

/**
 * Gives `file` the JSDoc its parse skipped, once (nodes the parser gave JSDoc keep theirs). Only
 * the nodes whose text holds a `/**` are visited: a method body without one is skipped whole.
 * @example
 * attachJsDoc(method.getSourceFile());
 * const blocks = ts.getJSDocCommentsAndTags(method);
 */
export function attachJsDoc(file: ts.SourceFile): void {
  if (attached.has(file)) return;
  attached.add(file);
  const compiler = internals();
  if (!compiler || !parsedWithoutJsDoc(file)) return;
  const { text } = file;
  const starts = jsDocStarts(text);
  if (!starts.length) return;
  const visit = (node: ts.Node): void => {
    if (!anyWithin(starts, node.pos, node.end)) return;
    if (compiler.canHaveJSDoc(node) && !(node as Documented).jsDoc) attachTo(node, text, compiler);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(file, visit);
}

/**
 * Gives JSDoc to the files of `symbol`'s declarations, and to those of the members it inherits
 * documentation from (the same member of its class's or interface's bases, which the compiler
 * reads when the member has none of its own): before the compiler first reads the symbol's
 * documentation, which it keeps.
 */
export function attachSymbolJsDoc(
  symbol: ts.Symbol,
  checker: ts.TypeChecker,
  seen = new Set<ts.Symbol>(),
): void {
  if (seen.has(symbol)) return;
  seen.add(symbol);
  const compiler = internals();
  for (const declaration of symbol.declarations ?? []) {
    attachJsDoc(declaration.getSourceFile());
    if (!compiler) continue;
    const parent = declaration.parent as ts.Node | undefined;
    const owner = parent && ts.isConstructorDeclaration(parent) ? parent.parent : parent;
    if (!owner || !(ts.isClassLike(owner) || ts.isInterfaceDeclaration(owner))) continue;
    const isStatic = ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Static;
    for (const base of compiler.getAllSuperTypeNodes(owner)) {
      const baseType = checker.getTypeAtLocation(base);
      const type =
        isStatic && baseType.symbol ? checker.getTypeOfSymbol(baseType.symbol) : baseType;
      const member = checker.getPropertyOfType(type, symbol.name);
      if (member) attachSymbolJsDoc(member, checker, seen);
    }
  }
}
