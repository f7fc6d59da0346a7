/**
 * The first build of a project without its manifest (a fresh `nest new`, a clone without the
 * generated file): the host made the program before the plugin wrote `src/tools.manifest.ts`, so
 * the program's check reports the import of it as TS2307 (cannot find module), and the build
 * fails once for a file that now exists. The plugin runs before the host asks for diagnostics
 * (the Nest CLI asks after emit), so when the program lacks the manifest it has just written, a
 * second program is made from the same roots and options (reusing the parsed files), which finds
 * the file, and the first program's checks answer with its diagnostics: the import resolves and
 * its types are the manifest's. Only on that first build; the next one reads the file itself.
 */
import { resolve } from 'node:path';
import type { Compiler, ts } from '../typescript';

/** The checks a host asks a program for; `getBindAndCheckDiagnostics` is what a builder program calls. */
type Checks = Pick<ts.Program, 'getSemanticDiagnostics'> & {
  getBindAndCheckDiagnostics?: ts.Program['getSemanticDiagnostics'];
};

const answered = new WeakSet<ts.Program>();

/**
 * Makes `program`'s checks those of a program that reads `manifest`, when `program` was made
 * before that file existed (it has no source file of that name). Once per program.
 * @example
 * if (outcome.text !== undefined) acceptFirstManifest(compiler, program, codegen.manifest);
 */
export function acceptFirstManifest(
  compiler: Compiler,
  program: ts.Program,
  manifest: string,
): void {
  if (answered.has(program)) return;
  if (program.getSourceFiles().some((file) => resolve(file.fileName) === manifest)) return;
  answered.add(program);
  let reading: ts.Program | undefined;
  const withManifest = (): ts.Program =>
    (reading ??= compiler.createProgram({
      rootNames: program.getRootFileNames(),
      options: program.getCompilerOptions(),
      oldProgram: program,
    }));
  const checks = program as Checks;
  for (const key of ['getSemanticDiagnostics', 'getBindAndCheckDiagnostics'] as const) {
    if (!checks[key]) continue;
    checks[key] = (sourceFile?: ts.SourceFile, token?: ts.CancellationToken) => {
      const other = withManifest() as Checks;
      const check = other[key] ?? other.getSemanticDiagnostics;
      const file = sourceFile && withManifest().getSourceFile(sourceFile.fileName);
      return check.call(other, file, token);
    };
  }
}
