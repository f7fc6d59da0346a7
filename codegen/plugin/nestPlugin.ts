/**
 * The plugin as the Nest CLI's `tsc` builder loads it (`nest build`, `nest start --watch`), like
 * `@nestjs/swagger`'s: `before(options, program)` runs codegen over the program Nest built, and
 * hands the tools' errors to Nest through the program's `emit` result, which Nest prints in the
 * compiler's format and counts (an error fails the build and holds the app's restart in watch);
 * its transformer emits the manifest just written (`freshManifestEmit`).
 */
import type { ts } from '../typescript';
import { assertBuiltBy, buildCompiler } from './hostCompiler';
import { acceptFirstManifest } from './acceptFirstManifest';
import { freshManifestEmit } from './freshManifestEmit';
import { pluginCodegenFor } from './PluginCodegen';
import type { ToolwrightPluginOptions } from './pluginOptions';

const reporting = new WeakSet<ts.Program>();

/**
 * Adds `errors` to what `program.emit` returns: each with the file emitted (a builder emits file
 * by file and keeps each file's emit diagnostics with it), those in no emitted file with the first.
 */
function reportThroughEmit(program: ts.Program, errors: readonly ts.Diagnostic[]): void {
  if (!errors.length || reporting.has(program)) return;
  reporting.add(program);
  const emit = program.emit.bind(program);
  const emitted = new Set<ts.SourceFile>();
  let first = true;
  program.emit = (target, ...rest) => {
    const result = emit(target, ...rest);
    const own = errors.filter((error) =>
      target ? error.file === target : !error.file || !emitted.has(error.file),
    );
    const unplaced = first
      ? errors.filter(
          (error) => !error.file || !program.getRootFileNames().includes(error.file.fileName),
        )
      : [];
    first = false;
    if (target) emitted.add(target);
    const added = [...new Set([...own, ...unplaced])];
    return added.length ? { ...result, diagnostics: [...result.diagnostics, ...added] } : result;
  };
}

/**
 * The Nest CLI's `before` hook: writes the manifest from `program` and returns a transformer that
 * leaves the emitted code as it is, but for the manifest's (see `freshManifestEmit`).
 * @example
 * // nest-cli.json
 * { "compilerOptions": { "plugins": ["toolwright"] } }
 */
export function before(
  options: ToolwrightPluginOptions | undefined,
  program: ts.Program,
): ts.TransformerFactory<ts.SourceFile> {
  const compiler = buildCompiler();
  assertBuiltBy(compiler, program);
  const codegen = pluginCodegenFor(compiler, options ?? {}, program);
  const outcome = codegen.run(program);
  if (outcome.text !== undefined) acceptFirstManifest(compiler, program, codegen.manifest);
  reportThroughEmit(program, outcome.errors);
  return freshManifestEmit(compiler, program, outcome, codegen.manifest);
}
