/**
 * The main thread's side of a one-shot run with a helper thread: splits the tool files (see
 * `splitRoots`), hands one share to the helper, extracts the other (and the tool files every
 * program holds) itself, and joins both into the manifest, exactly as one thread would. Without
 * a helper, too few tool files, or a helper that failed, it is the one-thread run; and when a
 * tool reaches what the lean programs leave out, it reads the full program, as that run does.
 */
import { readFileSync } from 'node:fs';
import type { CodegenResult } from '../assembleManifest';
import { assembleManifest } from '../assembleManifest';
import { isToolCandidate } from '../collect/isToolCandidate';
import { openParsedPrograms } from '../collect/loadProgram';
import type { ParsedTsconfig } from '../collect/ParsedTsconfig';
import { splitRoots } from '../collect/splitRoots';
import type { FileExtraction } from '../extractToolFile';
import type { CodegenOptions } from '../manifestPaths';
import { extractFiles, needsFullProgram, runColdCodegen, runProgram } from '../runProgram';
import type { CodegenHelper } from './codegenHelper';

/**
 * The manifest and diagnostics of `tsconfig`, on two threads when `helper` is given.
 * @example
 * const helper = startCodegenHelper(tsconfig, undefined);
 * const result = await runSharedColdCodegen(tsconfig, parseTsconfig(tsconfig), settings, helper);
 */
export async function runSharedColdCodegen(
  tsconfig: string,
  parsed: ParsedTsconfig,
  options: CodegenOptions,
  helper: CodegenHelper | undefined,
): Promise<CodegenResult> {
  const split = helper && splitRoots(parsed.fileNames, (file) => readFileSync(file, 'utf8'));
  if (!helper || !split) {
    helper?.stop();
    return runColdCodegen(openParsedPrograms(parsed), options);
  }
  const [mine, theirs] = split.shares;
  const helped = helper.extract({
    tsconfig,
    roots: [...split.shared, ...theirs],
    extract: theirs,
    options,
  });
  const programs = openParsedPrograms(parsed, [...split.shared, ...mine]);
  const own = extractFiles(programs.lean, options, [
    ...mine,
    ...split.shared.filter(isToolCandidate),
  ]);
  const other = await helped;
  if (!other) return runColdCodegen(openParsedPrograms(parsed), options);
  const files: [string, FileExtraction][] = [
    ...own,
    ...other.map(([name, file]): [string, FileExtraction] => [name, { ...file, found: [] }]),
  ];
  const lean = assembleManifest(files, options.validation);
  return needsFullProgram(lean) ? runProgram(programs.full(), options) : lean;
}
