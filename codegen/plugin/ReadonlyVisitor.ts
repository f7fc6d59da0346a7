/**
 * The plugin as Nest's SWC builder runs it (`nest build -b swc --type-check`): SWC compiles
 * without a program, so Nest type-checks in a program of its own and hands every source file
 * of it to each plugin's read-only visitor. Codegen runs once per program, at its first file; the
 * tools' errors are printed in the compiler's format and fail the build (Nest's type-check has
 * no channel for a plugin's diagnostics). It contributes nothing to Nest's `metadata.ts`. Made
 * before Nest's program, it writes a missing manifest first (`nestFirstManifest`).
 */
import type { ts } from '../typescript';
import { assertBuiltBy, buildCompiler } from './hostCompiler';
import { pluginCodegenFor } from './PluginCodegen';
import type { ToolwrightPluginOptions } from './pluginOptions';
import { loadingNestBuilder, writeFirstManifest } from './nestFirstManifest';

/** What Nest passes: the plugin's options with its own (`readonly`, `pathToSource`). */
export type ReadonlyVisitorOptions = ToolwrightPluginOptions & {
  readonly?: boolean;
  pathToSource?: string;
};

/**
 * Nest's read-only visitor for the SWC builder's type-check.
 * @example
 * // nest-cli.json
 * { "compilerOptions": { "builder": "swc", "typeCheck": true, "plugins": ["toolwright"] } }
 */
export class ReadonlyVisitor {
  /** The plugin's name in Nest's metadata (Nest sets it to the name in `nest-cli.json`). */
  key = 'toolwright';
  /** The type imports Nest's metadata file needs from this plugin: none. */
  readonly typeImports: Record<string, string> = {};
  private program: ts.Program | undefined;
  /** The tools' errors as printed before the type-check (a first build), not printed twice. */
  private readonly printed: string | undefined;

  /**
   * Nest makes it (for every builder) before its program: under the SWC type-check and the `tsc`
   * watch, which check that program before any plugin runs, a missing manifest is written now.
   */
  constructor(private readonly options: ReadonlyVisitorOptions = {}) {
    const builder = loadingNestBuilder();
    if (builder) {
      const manifest = { manifest: options.manifest };
      this.printed = writeFirstManifest(buildCompiler(), manifest, builder === 'swc');
    }
  }

  /** Called for each source file of the type-check's program; runs codegen at the first. */
  visit(program: ts.Program, _sourceFile?: ts.SourceFile): void {
    if (this.program === program) return;
    this.program = program;
    const compiler = buildCompiler();
    assertBuiltBy(compiler, program);
    const codegen = pluginCodegenFor(compiler, { manifest: this.options.manifest }, program);
    const { errors } = codegen.run(program);
    if (errors.length) {
      const text = codegen.format(errors);
      if (text !== this.printed) process.stderr.write(text);
      process.exitCode = 1;
    }
  }

  /** This plugin's part of Nest's serialized metadata: nothing. */
  collect(): Record<string, never> {
    return {};
  }
}
