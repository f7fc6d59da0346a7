/**
 * The project files a source file depends on through its imports and re-exports, transitively.
 * `--watch` re-extracts a tool file when any of these changes: the types a tool uses can only
 * come from its own file or from what it imports.
 */
import { ts } from '../typescript';

/** Files of the project itself (local `.d.ts` files included); packages never change under watch. */
const isProjectFile = (file: ts.SourceFile): boolean => !file.fileName.includes('/node_modules/');

function directImports(file: ts.SourceFile, checker: ts.TypeChecker): ts.SourceFile[] {
  const out: ts.SourceFile[] = [];
  for (const statement of file.statements) {
    const specifier =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
        ? statement.moduleSpecifier
        : ts.isImportEqualsDeclaration(statement) &&
            ts.isExternalModuleReference(statement.moduleReference)
          ? statement.moduleReference.expression
          : undefined;
    if (!specifier) continue;
    const declaration = checker.getSymbolAtLocation(specifier)?.valueDeclaration;
    if (declaration && ts.isSourceFile(declaration) && isProjectFile(declaration))
      out.push(declaration);
  }
  return out;
}

/** The file names `file` imports from the project, directly or through other project files. */
export function dependenciesOf(file: ts.SourceFile, checker: ts.TypeChecker): Set<string> {
  const seen = new Set<string>();
  const queue = [file];
  while (queue.length) {
    const next = queue.pop()!;
    for (const imported of directImports(next, checker)) {
      if (seen.has(imported.fileName) || imported === file) continue;
      seen.add(imported.fileName);
      queue.push(imported);
    }
  }
  return seen;
}
