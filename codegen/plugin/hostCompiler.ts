/**
 * The `typescript` module a Nest build compiles with: the Nest CLI resolves it from the working
 * directory first, so the plugin does the same and gets the very module (one `require` cache
 * entry) that built the program it is handed. A program of another compiler is refused with the
 * reason, since node kinds and flags are numbers that differ between TypeScript versions.
 */
import { ToolwrightError } from '../../src/errors/ToolwrightError';
import type { Compiler, ts } from '../typescript';

/** The `typescript` of the project in the working directory, else the one beside toolwright. */
export function buildCompiler(): Compiler {
  let path: string;
  try {
    path = require.resolve('typescript', { paths: [process.cwd(), ...module.paths] });
  } catch {
    throw new ToolwrightError(
      'toolwright/plugin cannot find the "typescript" package the build uses; run: npm install --save-dev typescript',
    );
  }
  // The module at a path resolved at run time: the build's own, not one this package bundles.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path) as Compiler;
}

/** Throws unless `program`'s nodes were made by `compiler`. */
export function assertBuiltBy(compiler: Compiler, program: ts.Program): void {
  const file = program.getSourceFiles()[0];
  if (file && file.kind !== compiler.SyntaxKind.SourceFile) {
    throw new ToolwrightError(
      `toolwright/plugin was handed a program another TypeScript built than ${compiler.version}; install one typescript in the project`,
    );
  }
}
