/**
 * TypeScript's own errors in the files a tool's schema comes from: the file that declares the
 * tools and the files declaring the types its parameters use. An unresolved name is `any` to the
 * checker, so without this codegen would describe broken code as "accepts anything". Only those
 * files are checked (per file, never the whole program), so codegen stays fast on big projects.
 */
import { ts } from 'ts-morph';
import type { CodegenDiagnostic } from '../diagnostics';
import type { FoundTool } from './findTools';

/** Types walked per tool file at most: enough for any real DTO graph, bounded for generated ones. */
const MAX_TYPES = 5000;

const isUserFile = (program: ts.Program, file: ts.SourceFile): boolean =>
  !file.fileName.includes('/node_modules/') && !program.isSourceFileDefaultLibrary(file);

/** The user files declaring the types reachable from the tools' parameters. */
function typeFiles(
  tools: readonly FoundTool[],
  program: ts.Program,
  checker: ts.TypeChecker,
): Set<ts.SourceFile> {
  const files = new Set<ts.SourceFile>();
  const seen = new Set<ts.Type>();
  const queue: ts.Type[] = tools.flatMap((tool) =>
    tool.params.map((param) => checker.getTypeAtLocation(param.node)),
  );
  const addDeclarations = (symbol: ts.Symbol | undefined): void => {
    for (const declaration of symbol?.declarations ?? []) {
      const file = declaration.getSourceFile();
      if (isUserFile(program, file)) files.add(file);
    }
  };
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
  return files;
}

function toDiagnostic(diagnostic: ts.Diagnostic): CodegenDiagnostic | undefined {
  const file = diagnostic.file;
  if (!file || diagnostic.category !== ts.DiagnosticCategory.Error) return undefined;
  const { line, character } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
  const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  return {
    file: file.fileName,
    line: line + 1,
    column: character + 1,
    code: 'TW113',
    severity: 'error',
    message: `TypeScript error TS${diagnostic.code}: ${text} (codegen cannot describe code that does not compile)`,
  };
}

/**
 * The TypeScript errors of `toolFile` and of the files declaring the types its tools use.
 * @example
 * diagnostics.push(...typeScriptErrors(sourceFile, findTools(sourceFile, resolver), program));
 */
export function typeScriptErrors(
  toolFile: ts.SourceFile,
  tools: readonly FoundTool[],
  program: ts.Program,
): CodegenDiagnostic[] {
  if (!tools.length) return [];
  const checker = program.getTypeChecker();
  const files = new Set([toolFile, ...typeFiles(tools, program, checker)]);
  const out: CodegenDiagnostic[] = [];
  for (const file of files) {
    for (const diagnostic of [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ]) {
      const converted = toDiagnostic(diagnostic);
      if (converted) out.push(converted);
    }
  }
  return out;
}
