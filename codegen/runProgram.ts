/**
 * One cold codegen run over a plain TypeScript `Program` (what `loadProgram` makes): the same
 * extraction and assembly as `CodegenSession`, without ts-morph and without the caches a session
 * keeps for updates. The CLI's one-shot commands use it; the public API keeps `runCodegen`.
 */
import { assembleManifest } from './assembleManifest';
import type { CodegenResult } from './assembleManifest';
import { isToolCandidate } from './collect/isToolCandidate';
import { PackageLocator } from './collect/PackageLocator';
import type { PackageFileSystem } from './collect/PackageLocator';
import { systemFileSystem } from './collect/systemFileSystem';
import { extractionContext, extractToolFile } from './extractToolFile';
import type { FileExtraction } from './extractToolFile';
import { rootDirOf } from './manifestPaths';
import { pipeSettings } from '../src/validation/pipeOptions';
import { SchemaCache } from './transform/SchemaCache';
import type { CodegenOptions } from './manifestPaths';
import type { ColdPrograms } from './collect/loadProgram';
import type { ts } from './typescript';

/** Options of a cold run. */
export interface ProgramRunOptions extends CodegenOptions {
  /** Where package manifests are read (to tell toolwright's decorators); default: the disk. */
  fileSystem?: PackageFileSystem;
}

/**
 * Extracts every `@Tool` of the root files of `program` into a manifest.
 * @example
 * const { manifest, diagnostics } = runProgram(loadProgram('tsconfig.json'));
 */
export function runProgram(program: ts.Program, options: ProgramRunOptions = {}): CodegenResult {
  const context = {
    ...extractionContext(
      program,
      new PackageLocator(options.fileSystem ?? systemFileSystem),
      rootDirOf(options, program.getCompilerOptions()),
      pipeSettings(options.validation),
    ),
    schemas: new SchemaCache(),
  };
  const files: [string, FileExtraction][] = [];
  for (const fileName of program.getRootFileNames().filter(isToolCandidate).sort()) {
    const sourceFile = program.getSourceFile(fileName);
    if (sourceFile) files.push([fileName, extractToolFile(sourceFile, context)]);
  }
  return assembleManifest(files, options.validation);
}

/** Whether the lean program left out something a tool's schema reaches (a TypeScript error). */
export const needsFullProgram = (result: CodegenResult): boolean =>
  result.diagnostics.some((diagnostic) => diagnostic.code === 'TW113');

/**
 * A cold run over the programs of one tsconfig: the lean program, or the full one when a tool
 * reaches what the lean one leaves out, so the result is always the full program's.
 * @example
 * const { manifest, diagnostics } = runColdCodegen(openPrograms('tsconfig.json'));
 */
export function runColdCodegen(
  programs: ColdPrograms,
  options: ProgramRunOptions = {},
): CodegenResult {
  const lean = runProgram(programs.lean, options);
  return needsFullProgram(lean) ? runProgram(programs.full(), options) : lean;
}
