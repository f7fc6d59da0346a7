/**
 * The plugin as `ts-patch` loads it for plain `tsc` projects (`tspc`, `tspc --watch`), in two
 * entries. As a program transformer factory (ts-patch's default `"type": "program"`), given the
 * program and the compiler that built it: the tools' errors go through ts-patch's
 * `addDiagnostic`, so `tspc` prints them with its own and exits non-zero, and the manifest just
 * written is what is emitted for it (`freshManifestEmit`). As a `"transformProgram": true` entry,
 * called while the program is made, before `tsc` checks it: the manifest is written then, and
 * when the program read another text (or none: the first build of a project without the file,
 * whose import of it would be TS2307), the program is made again from the same roots, reading it.
 *
 * Tested with ts-patch 3.3 (the devDependency, for `test/consumer/plugin.test.ts`). ts-patch 4
 * is not taken: besides Node 22.15+, it requires TypeScript 6 and refuses the 5.9 this package
 * builds with and supports (`tspc` exits with TS_VERSION_UNSUPPORTED, tried on Node 22.23); it
 * comes with the move to TypeScript 6.
 */
import { resolve } from 'node:path';
import type { Compiler, ts } from '../typescript';
import { freshManifestEmit } from './freshManifestEmit';
import { pluginCodegenFor } from './PluginCodegen';
import type { ToolwrightPluginOptions } from './pluginOptions';

/** What ts-patch passes a `"type": "program"` plugin beside the program and its config. */
export interface TsPatchExtras {
  /** The compiler that built the program. */
  ts: Compiler;
  /** Adds a diagnostic to those the compiler reports for the program. */
  addDiagnostic(diagnostic: ts.Diagnostic): number;
}

const reported = new WeakSet<ts.Program>();

/** The `"transformProgram": true` entry: the program, made again if it read a stale manifest or none. */
function transformProgram(
  program: ts.Program,
  host: ts.CompilerHost | undefined,
  config: ToolwrightPluginOptions | undefined,
  compiler: Compiler,
): ts.Program {
  const codegen = pluginCodegenFor(compiler, config ?? {}, program);
  const outcome = codegen.run(program);
  const read = program.getSourceFiles().find((file) => resolve(file.fileName) === codegen.manifest);
  if (outcome.text === undefined || read?.text === outcome.text) return program;
  const remade = compiler.createProgram({
    rootNames: program.getRootFileNames(),
    options: program.getCompilerOptions(),
    ...(host && { host }),
    oldProgram: program,
  });
  codegen.share(remade, program);
  return remade;
}

/**
 * The ts-patch entry: writes the manifest from `program`, reports the tools' errors, and returns
 * a transformer that leaves the emitted code as it is, but for the manifest's (see above). Called
 * with a compiler host (a `"transformProgram": true` entry), it returns the program instead.
 * @example
 * // tsconfig.json
 * { "compilerOptions": { "plugins": [
 *   { "transform": "toolwright/plugin", "transformProgram": true },
 *   { "transform": "toolwright/plugin" }
 * ] } }
 */
export function tspcTransformer(
  program: ts.Program,
  config: ToolwrightPluginOptions | undefined,
  extras: TsPatchExtras,
): { before: ts.TransformerFactory<ts.SourceFile> };
/** The `"transformProgram": true` entry: the program, made again when it read a stale manifest or none. */
export function tspcTransformer(
  program: ts.Program,
  host: ts.CompilerHost | undefined,
  config: ToolwrightPluginOptions | undefined,
  extras: { ts: Compiler },
): ts.Program;
export function tspcTransformer(
  program: ts.Program,
  configOrHost: ToolwrightPluginOptions | ts.CompilerHost | undefined,
  extrasOrConfig: TsPatchExtras | ToolwrightPluginOptions | undefined,
  programExtras?: { ts: Compiler },
): { before: ts.TransformerFactory<ts.SourceFile> } | ts.Program {
  if (programExtras) {
    const host = configOrHost as ts.CompilerHost | undefined;
    const config = extrasOrConfig as ToolwrightPluginOptions | undefined;
    return transformProgram(program, host, config, programExtras.ts);
  }
  const config = configOrHost as ToolwrightPluginOptions | undefined;
  const extras = extrasOrConfig as TsPatchExtras;
  const codegen = pluginCodegenFor(extras.ts, config ?? {}, program);
  const outcome = codegen.run(program);
  if (!reported.has(program)) {
    reported.add(program);
    for (const error of outcome.errors) extras.addDiagnostic(error);
  }
  return { before: freshManifestEmit(extras.ts, program, outcome, codegen.manifest) };
}
