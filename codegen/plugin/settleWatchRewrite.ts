/**
 * One edit, one compile, when the plugin runs inside a watch (`nest start --watch`, its SWC
 * type-check, `tspc --watch`). The plugin rewrites the manifest while the watch's program is
 * built, after the program read the old file; TypeScript's watch sees the write as a change of
 * the file ("File change detected") and builds again (and Nest restarts the app again). Before it
 * does, it asks whether the program is up to date: whether each source file's `version`, the
 * hash of the text it read, is the hash of the text on disk now. So when a rewrite changes only
 * documentation (descriptions in the manifest's value, whose type is `ToolManifest` whatever it
 * holds, and doc comments on the input types), the program's checks would be the same with the
 * new text, and the manifest's source file is given the new text's version: the watch finds the
 * program up to date and builds nothing. The JavaScript of the new manifest was already written by
 * `freshManifestEmit` (under the SWC type-check, which emits nothing, SWC compiles the file
 * itself); the next real change reads the new file (the watch re-reads a file it saw change) and
 * the builder, whose own record keeps the old version, checks and emits it. A rewrite that
 * changes a type (a tool or a parameter added, a type changed) is left to the second build, which
 * checks the project against it; so is one whose JavaScript `freshManifestEmit` cannot write
 * beside the build (`noEmitOnError`, `outFile`, declarations only).
 */
import { resolve } from 'node:path';
import { MANIFEST_DECLARATION } from '../emit/renderManifest';
import type { Compiler, ts } from '../typescript';

/**
 * The version TypeScript's watch gives a file's text (`getSourceFileVersionAsHashFromText`,
 * for a text without a source map comment): the system's hash, or none.
 */
const versionOf = (compiler: Compiler, text: string): string | undefined =>
  compiler.sys.createHash?.(text);

/** The tokens of a manifest module's type declarations (before its value), comments left out. */
function declarationTokens(compiler: Compiler, text: string): string | undefined {
  const end = text.indexOf(MANIFEST_DECLARATION);
  if (end < 0) return undefined;
  const scanner = compiler.createScanner(
    compiler.ScriptTarget.Latest,
    true,
    compiler.LanguageVariant.Standard,
    text.slice(0, end),
  );
  const tokens: string[] = [];
  while (scanner.scan() !== compiler.SyntaxKind.EndOfFileToken) tokens.push(scanner.getTokenText());
  return tokens.join(' ');
}

/**
 * After the manifest at `manifest` was rewritten with `text`: when `program` (a watch's, whose
 * versions are its texts' hashes) read another text whose types are the same, the program's
 * source file takes `text`'s version, so the watch does not build again for the write.
 * @example
 * if (wrote) settleWatchRewrite(compiler, program, manifestPath, text);
 */
export function settleWatchRewrite(
  compiler: Compiler,
  program: ts.Program,
  manifest: string,
  text: string,
): void {
  const options = program.getCompilerOptions();
  if (options.noEmitOnError || options.outFile || options.emitDeclarationOnly) return;
  const read = program.getSourceFiles().find((file) => resolve(file.fileName) === manifest);
  if (!read || read.text === text) return;
  const file = read as ts.SourceFile & { version?: string };
  // Only a watch's file: its version is the hash of what it read.
  if (file.version === undefined || file.version !== versionOf(compiler, read.text)) return;
  const before = declarationTokens(compiler, read.text);
  if (before === undefined || before !== declarationTokens(compiler, text)) return;
  file.version = versionOf(compiler, text);
}
