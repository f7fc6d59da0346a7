/**
 * The JavaScript a build emits for the manifest module, as codegen has just written it. A build
 * reads every file before the plugin runs, so a one-shot `nest build` or `tspc` has the manifest
 * as it was on disk: without this, `dist` would hold the previous tools until the next build,
 * and an app started from it would describe and validate the old ones. So when the program read
 * another text than codegen wrote, the new one is compiled alone (`transpileModule`, the
 * compiler's own one-file compile; the module is types, a type-only import and one exported
 * object literal) and stands in for the old one twice: written at once where the compiler
 * writes the module's JavaScript (an incremental build does not emit a file it read
 * unchanged), and, as the plugin's transform of the module (`before`), in what the compiler
 * emits for it if it does: the source file handed on is that JavaScript, parsed (plain
 * JavaScript in the output's module format, which the compiler's own transforms leave as it
 * is). Watch rebuilds catch up by themselves (the
 * written file is a change), and Nest's SWC builder type-checks before it compiles, so neither
 * needs this. The module's declarations (`.d.ts`, for a library build) are still those of the old
 * file: they come from the checker, which read it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { ToolManifest } from '../../src/manifest/types';
import { manifestLiteral } from '../emit/renderManifest';
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
  // The compiler asks that the file be one of the command line's (the first build's is not yet).
  const roots = program.getRootFileNames();
  const fileNames = roots.includes(fileName) ? [...roots] : [...roots, fileName];
  const commandLine = { options, fileNames, errors: [] };
  const outputs = compiler.getOutputFileNames(
    commandLine,
    fileName,
    !compiler.sys.useCaseSensitiveFileNames,
  );
  return outputs.find((output) => /\.[cm]?js$/.test(output));
}

/** What stands for the manifest's value in the one-line module compiled alone. */
const PLACEHOLDER = '__toolwright_manifest__';

/**
 * The JavaScript of the manifest module for `manifest`: what the module keeps once its types are
 * gone, `export const manifest = …`, compiled alone with the program's options (its module
 * kind), its value spliced in as the module writes it. Compiling the one line rather than the
 * whole module keeps a 1,000-tool manifest (3 MB) from being parsed a second time.
 */
function manifestJavaScript(
  compiler: Compiler,
  program: ts.Program,
  read: ts.SourceFile | undefined,
  manifest: ToolManifest,
) {
  const { plugins: _plugins, ...options } = program.getCompilerOptions();
  // Under `node16`/`nodenext` the file's own format (its package's `type`) decides, which a
  // one-file compile cannot look up: the program already has (when it read the file).
  const format = read?.impliedNodeFormat;
  const module =
    format === undefined
      ? options.module
      : format === compiler.ModuleKind.ESNext
        ? compiler.ModuleKind.ESNext
        : compiler.ModuleKind.CommonJS;
  // Without `plugins`: a patched compiler (`tspc`) would run this plugin on the one-line
  // program too, and write a manifest of no tools.
  const compilerOptions = {
    ...options,
    module,
    sourceMap: false,
    inlineSourceMap: false,
    inlineSources: false,
    declaration: false,
    declarationMap: false,
  };
  const { outputText } = compiler.transpileModule(`export const manifest = ${PLACEHOLDER};\n`, {
    compilerOptions,
  });
  const at = outputText.lastIndexOf(PLACEHOLDER);
  return `${outputText.slice(0, at)}${manifestLiteral(manifest)}${outputText.slice(at + PLACEHOLDER.length)}`;
}

/** The transformers made, by program and manifest path. */
const made = new WeakMap<ts.Program, Map<string, ts.TransformerFactory<ts.SourceFile>>>();

/**
 * Writes the fresh manifest's JavaScript and returns the `before` transformer that emits it, when
 * `program` read another manifest text than `outcome` holds; otherwise a transformer that changes
 * nothing. Once per program: a watch's builder emits file by file, asking for transformers each
 * time.
 * @example
 * before: [freshManifestEmit(compiler, program, codegen.run(program), codegen.manifest)]
 */
export function freshManifestEmit(
  compiler: Compiler,
  program: ts.Program,
  outcome: PluginOutcome,
  manifest: string,
): ts.TransformerFactory<ts.SourceFile> {
  let byManifest = made.get(program);
  if (!byManifest) made.set(program, (byManifest = new Map()));
  let factory = byManifest.get(manifest);
  if (!factory) {
    factory = makeFreshManifestEmit(compiler, program, outcome, manifest);
    byManifest.set(manifest, factory);
  }
  return factory;
}

function makeFreshManifestEmit(
  compiler: Compiler,
  program: ts.Program,
  outcome: PluginOutcome,
  manifest: string,
): ts.TransformerFactory<ts.SourceFile> {
  const read = program.getSourceFiles().find((file) => resolve(file.fileName) === manifest);
  if (outcome.text === undefined || read?.text === outcome.text) return identity;
  if (!/\.[cm]?tsx?$/.test(manifest)) return identity;
  if (!read) {
    // The first build: the program was made before the file existed, so it emits nothing for
    // it (and `acceptFirstManifest` drops the import's TS2307); its JavaScript is written here.
    const output = javaScriptOutput(compiler, program, manifest);
    if (output) {
      mkdirSync(dirname(output), { recursive: true });
      writeFileSync(
        output,
        manifestJavaScript(compiler, program, undefined, outcome.result.manifest),
      );
    }
    return identity;
  }
  const javaScript = manifestJavaScript(compiler, program, read, outcome.result.manifest);
  const output = javaScriptOutput(compiler, program, read.fileName);
  if (output) {
    mkdirSync(dirname(output), { recursive: true });
    writeFileSync(output, javaScript);
  }
  // Parsed only if the compiler emits the module (an incremental rebuild may not), and once.
  let parsed: ts.SourceFile | undefined;
  const fresh = (languageVersion: ts.ScriptTarget): ts.SourceFile =>
    (parsed ??= compiler.createSourceFile(
      read.fileName,
      javaScript,
      languageVersion,
      true,
      compiler.ScriptKind.JS,
    ));
  return () => (sourceFile) =>
    sourceFile.fileName === read.fileName ? fresh(sourceFile.languageVersion) : sourceFile;
}
