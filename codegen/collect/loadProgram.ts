/**
 * Opens a tsconfig as TypeScript `Program`s, without ts-morph: what a cold codegen run reads.
 * The full program sees exactly what `loadProject` sees (the same tsconfig parsing and
 * failures, the same compiler options, the same root files, and ts-morph's own in-memory lib
 * files), at a fraction of the cost: ts-morph wraps and re-parses every file and loads a large
 * module on top. A cold run reads the lean program first (see `leanProgram`).
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ToolwrightError } from '../../src/errors/ToolwrightError';
import { ts } from '../typescript';
import { codegenCompilerOptions } from './codegenCompilerOptions';
import { leanOptions, resolvingToSurface } from './leanProgram';
import { codegenHost } from './programHost';
import type { SourceFileCache } from './programHost';
import type { ParsedTsconfig } from './ParsedTsconfig';

const toPosix = (path: string): string => path.replace(/\\/g, '/');

/** TS5083, "Cannot read file": an `extends` that names a file that is not there. */
const UNREADABLE_FILE = 5083;

/**
 * Parses `tsconfigPath` the way ts-morph's `Project` does: a file that cannot be read, or whose
 * JSON is malformed (or not an object), throws with the reason. So does an `extends` it cannot
 * read, which ts-morph skips: the options would silently differ from what tsc compiles with.
 * Other tsconfig errors do not stop it (TypeScript 6, which codegen runs, calls options of
 * TypeScript 5 projects deprecated, and a `files` entry may be the manifest not written yet).
 */
export function parseTsconfig(tsconfigPath: string): ParsedTsconfig {
  const path = toPosix(resolve(tsconfigPath));
  const json = ts.parseConfigFileTextToJson(path, readFileSync(path, 'utf8'));
  if (json.error)
    throw new ToolwrightError(ts.flattenDiagnosticMessageText(json.error.messageText, ' '));
  const parsed = ts.parseJsonConfigFileContent(json.config, ts.sys, dirname(path), undefined, path);
  const unreadable = parsed.errors.find((error) => error.code === UNREADABLE_FILE);
  if (unreadable)
    throw new ToolwrightError(ts.flattenDiagnosticMessageText(unreadable.messageText, ' '));
  return {
    fileNames: parsed.fileNames.map(toPosix).filter((file) => ts.sys.fileExists(file)),
    options: codegenCompilerOptions(parsed.options),
    declares: { types: parsed.options.types !== undefined, lib: parsed.options.lib !== undefined },
  };
}

/**
 * Loads the program of `tsconfigPath` (absolute, or relative to the working directory).
 * @example
 * const { manifest, diagnostics } = runProgram(loadProgram('tsconfig.json'));
 */
export function loadProgram(tsconfigPath: string): ts.Program {
  return openPrograms(tsconfigPath).full();
}

/** The programs of one cold run: the lean one first, the full one made only when asked. */
export interface ColdPrograms {
  /** The lean program (see `leanProgram`). */
  lean: ts.Program;
  /** The full program; parsed files are shared with the lean one. */
  full(): ts.Program;
}

/**
 * Opens `tsconfigPath` for a cold run: the lean program now, the full one on demand.
 * @example
 * const result = runColdCodegen(openPrograms('tsconfig.json'));
 */
export function openPrograms(tsconfigPath: string): ColdPrograms {
  const parsed = parseTsconfig(tsconfigPath);
  const cache: SourceFileCache = new Map();
  const create = (options: ts.CompilerOptions, host: ts.CompilerHost) =>
    ts.createProgram({ rootNames: parsed.fileNames, options, host });
  const options = leanOptions(parsed);
  let full: ts.Program | undefined;
  return {
    lean: create(options, resolvingToSurface(codegenHost(options, cache), options)),
    full: () => (full ??= create(parsed.options, codegenHost(parsed.options, cache))),
  };
}
