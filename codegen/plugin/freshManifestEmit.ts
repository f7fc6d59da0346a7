/**
 * The JavaScript a build emits for the manifest module, as codegen has just written it. A build
 * reads every file before the plugin runs, so a one-shot `nest build` or `tspc` has the manifest
 * as it was on disk: without this, `dist` would hold the previous tools until the next build,
 * and an app started from it would describe and validate the old ones. So when the program read
 * another text than codegen wrote, the new one is compiled alone (`transpileModule`, the
 * compiler's own one-file compile; the module is types, a type-only import and one object
 * literal) and stands in for the old one twice: written at once where the compiler writes the
 * module's JavaScript (an incremental build does not emit a file it read unchanged), and, as the
 * plugin's transform of the module (`before`), in what the compiler emits for it if it does: the
 * source file handed on is that JavaScript, parsed (a script without imports or exports, which
 * the compiler's own transforms leave as it is). Watch rebuilds catch up by themselves (the
 * written file is a change), and Nest's SWC builder type-checks before it compiles, so neither
 * needs this. The module's declarations (`.d.ts`, for a library build) are still those of the old
 * file: they come from the checker, which read it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Compiler, ts } from '../typescript';
import type { PluginOutcome } from './PluginCodegen';

const identity: ts.TransformerFactory<ts.SourceFile> = () => (sourceFile) => sourceFile;

/** The file the program emits the module `fileName` to as JavaScript, if it emits one. */
function javaScriptOutput(
  compiler: Compiler,
  program: ts.Program,
  fileName: string,
): string | undefined {
  const options = program.getCompilerOptions();
  // Under `noEmitOnError` the compiler may write nothing: the transform alone stands in then.
  if (options.noEmit || options.noEmitOnError || options.emitDeclarationOnly || options.outFile)
    return undefined;
  const commandLine = { options, fileNames: [...program.getRootFileNames()], errors: [] };
  const outputs = compiler.getOutputFileNames(
    commandLine,
    fileName,
    !compiler.sys.useCaseSensitiveFileNames,
  );
  return outputs.find((output) => /\.[cm]?js$/.test(output));
}

/** `text` compiled alone with the program's options, without a source map of its own. */
function compileAlone(compiler: Compiler, program: ts.Program, text: string, fileName: string) {
  const { plugins: _plugins, ...options } = program.getCompilerOptions();
  // Without `plugins`: a patched compiler (`tspc`) would run this plugin on the one-file
  // program too, and write a manifest of no tools.
  const compilerOptions = {
    ...options,
    sourceMap: false,
    inlineSourceMap: false,
    inlineSources: false,
    declaration: false,
    declarationMap: false,
  };
  return compiler.transpileModule(text, { compilerOptions, fileName }).outputText;
}

/**
 * Writes the fresh manifest's JavaScript and returns the `before` transformer that emits it, when
 * `program` read another manifest text than `outcome` holds; otherwise a transformer that changes
 * nothing.
 * @example
 * before: [freshManifestEmit(compiler, program, codegen.run(program), codegen.manifest)]
 */
export function freshManifestEmit(
  compiler: Compiler,
  program: ts.Program,
  outcome: PluginOutcome,
  manifest: string,
): ts.TransformerFactory<ts.SourceFile> {
  const read = program.getSourceFiles().find((file) => resolve(file.fileName) === manifest);
  if (!read || outcome.text === undefined || read.text === outcome.text) return identity;
  if (!/\.[cm]?tsx?$/.test(manifest)) return identity;
  const javaScript = compileAlone(compiler, program, outcome.text, read.fileName);
  const output = javaScriptOutput(compiler, program, read.fileName);
  if (output) {
    mkdirSync(dirname(output), { recursive: true });
    writeFileSync(output, javaScript);
  }
  return () => (sourceFile) =>
    sourceFile.fileName === read.fileName
      ? compiler.createSourceFile(
          sourceFile.fileName,
          javaScript,
          sourceFile.languageVersion,
          true,
          compiler.ScriptKind.JS,
        )
      : sourceFile;
}
