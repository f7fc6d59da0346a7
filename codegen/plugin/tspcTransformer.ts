/**
 * The plugin as `ts-patch` loads it for plain `tsc` projects (`tspc`, `tspc --watch`): a program
 * transformer factory (ts-patch's default `"type": "program"`) given the program and the
 * compiler that built it; the tools' errors go through ts-patch's `addDiagnostic`, so `tspc`
 * prints them with its own and exits non-zero.
 */
import type { Compiler, ts } from '../typescript';
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
 * a transformer that leaves the emitted code as it is.
 * @example
 * // tsconfig.json
 * { "compilerOptions": { "plugins": [{ "transform": "toolwright/plugin" }] } }
 */
export function tspcTransformer(
  program: ts.Program,
  config: ToolwrightPluginOptions | undefined,
  extras: TsPatchExtras,
): { before: ts.TransformerFactory<ts.SourceFile> } {
  const { errors } = pluginCodegenFor(extras.ts, config ?? {}, program).run(program);
  if (!reported.has(program)) {
    reported.add(program);
    for (const error of errors) extras.addDiagnostic(error);
  }
  return { before: () => (sourceFile) => sourceFile };
}
