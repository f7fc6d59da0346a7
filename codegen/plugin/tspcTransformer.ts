/**
 * The plugin as `ts-patch` loads it for plain `tsc` projects (`tspc`, `tspc --watch`): a program
 * transformer factory (ts-patch's default `"type": "program"`) given the program and the
 * compiler that built it; the tools' errors go through ts-patch's `addDiagnostic`, so `tspc`
 * prints them with its own and exits non-zero, and the manifest just written is what is emitted
 * for it (`freshManifestEmit`).
 *
 * Tested with ts-patch 3.3 (the devDependency, for `test/consumer/plugin.test.ts`). ts-patch 4
 * is not taken: besides Node 22.15+, it requires TypeScript 6 and refuses the 5.9 this package
 * builds with and supports (`tspc` exits with TS_VERSION_UNSUPPORTED, tried on Node 22.23); it
 * comes with the move to TypeScript 6.
 */
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

/**
 * The ts-patch entry: writes the manifest from `program`, reports the tools' errors, and returns
 * a transformer that leaves the emitted code as it is, but for the manifest's (see above).
 * @example
 * // tsconfig.json
 * { "compilerOptions": { "plugins": [{ "transform": "toolwright/plugin" }] } }
 */
export function tspcTransformer(
  program: ts.Program,
  config: ToolwrightPluginOptions | undefined,
  extras: TsPatchExtras,
): { before: ts.TransformerFactory<ts.SourceFile> } {
  const codegen = pluginCodegenFor(extras.ts, config ?? {}, program);
  const outcome = codegen.run(program);
  if (!reported.has(program)) {
    reported.add(program);
    for (const error of outcome.errors) extras.addDiagnostic(error);
  }
  return { before: freshManifestEmit(extras.ts, program, outcome, codegen.manifest) };
}
