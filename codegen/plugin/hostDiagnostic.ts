/**
 * A codegen diagnostic as the host compiler's own `ts.Diagnostic`: at its file, line and column,
 * the `TWnnn` code as the diagnostic's number, so the build prints it in its own format
 * (`src/app.service.ts:12:3 - error TS106: TW106 …`) and counts it as one of its errors.
 */
import type { CodegenDiagnostic } from '../diagnostics';
import type { Compiler, ts } from '../typescript';

/** The length of the word a diagnostic points at (a name), so the host underlines it. */
const wordAt = (text: string, start: number): number =>
  /^[\w$]*/.exec(text.slice(start))![0].length;

/** `diagnostic` as a diagnostic of `compiler`, in `program`'s source file when it has it. */
export function hostDiagnostic(
  diagnostic: CodegenDiagnostic,
  program: ts.Program,
  compiler: Compiler,
): ts.Diagnostic {
  const file = program.getSourceFile(diagnostic.file);
  let start: number | undefined;
  if (file) {
    const lines = file.getLineStarts();
    const line = Math.min(Math.max(diagnostic.line - 1, 0), lines.length - 1);
    start = Math.min(lines[line]! + Math.max(diagnostic.column - 1, 0), file.text.length);
  }
  return {
    file,
    start,
    length: file && start !== undefined ? wordAt(file.text, start) : undefined,
    category:
      diagnostic.severity === 'error'
        ? compiler.DiagnosticCategory.Error
        : compiler.DiagnosticCategory.Warning,
    code: Number(diagnostic.code.slice(2)),
    messageText: `${diagnostic.code} ${diagnostic.message}`,
  };
}
