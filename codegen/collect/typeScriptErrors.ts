/**
 * TypeScript's own errors in the source a tool's schemas come from: syntax errors of the tool
 * files and of the files declaring the types they use (not inside the bodies codegen never
 * reads, see `unreadBodies`), and the type errors of the tools' signatures, the imports those
 * use and the declarations of those types. An unresolved name is `any` to the checker, so
 * without this codegen would describe broken code as "accepts anything".
 * Only those nodes are type-checked, never whole files (method bodies are tsc's work, and no
 * schema reads them; decorator arguments codegen reads itself), so codegen costs a fraction of a
 * type-check.
 */
import { ts } from '../typescript';
import type { CodegenDiagnostic } from '../diagnostics';
import type { FoundTool } from './findTools';
import { schemaSources } from './schemaSources';
import { unreadBodies } from './unreadBodies';

/**
 * `Program.getSemanticDiagnostics` with the nodes to check as its third argument: TypeScript's
 * own partial check (internal in its typings; the language service's region diagnostics call it
 * so). A TypeScript that ignores the argument checks the whole file: the same errors and more.
 */
type CheckNodes = (
  file: ts.SourceFile,
  cancellationToken: undefined,
  nodes: readonly ts.Node[],
) => readonly ts.Diagnostic[];

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

/** `file`'s syntax errors, but those inside bodies codegen never reads (tsc reports them). */
function syntaxErrorsRead(file: ts.SourceFile, program: ts.Program): readonly ts.Diagnostic[] {
  const errors = program.getSyntacticDiagnostics(file);
  if (!errors.length) return errors;
  const bodies = unreadBodies(file);
  const inBody = (at: number) => bodies.some(({ open, close }) => at > open && at < close);
  return errors.filter((error) => !inBody(error.start ?? 0));
}

/**
 * The TypeScript errors of what the tools of `toolFile` are described from.
 * @example
 * diagnostics.push(...typeScriptErrors(sourceFile, findTools(sourceFile, resolver), program));
 */
export function typeScriptErrors(
  toolFile: ts.SourceFile,
  tools: readonly FoundTool[],
  program: ts.Program,
): CodegenDiagnostic[] {
  if (!tools.length) return [];
  const checkNodes = program.getSemanticDiagnostics.bind(program) as CheckNodes;
  const out: CodegenDiagnostic[] = [];
  for (const [file, nodes] of schemaSources(toolFile, tools, program)) {
    for (const diagnostic of [
      ...syntaxErrorsRead(file, program),
      ...checkNodes(file, undefined, [...nodes]),
    ]) {
      const converted = toDiagnostic(diagnostic);
      if (converted) out.push(converted);
    }
  }
  return out;
}
