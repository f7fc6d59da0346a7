/**
 * Opens a tsconfig as one TypeScript `Program`, without ts-morph: what a cold codegen run reads.
 * It sees exactly what `loadProject` sees (the same tsconfig parsing and failures, the same
 * compiler options, the same root files, and ts-morph's own in-memory lib files), at a fraction
 * of the cost: ts-morph wraps and re-parses every file and loads a large module on top.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { getLibFiles, libFolderInMemoryPath } from '@ts-morph/common';
import { ToolwrightError } from '../../src/errors/ToolwrightError';
import { ts } from '../typescript';
import { codegenCompilerOptions } from './codegenCompilerOptions';

/** A parsed tsconfig: its root files and its options as codegen reads them. */
export interface ParsedTsconfig {
  fileNames: string[];
  options: ts.CompilerOptions;
}

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
  };
}

/** The system's compiler host, with the lib files served from ts-morph's in-memory copies. */
function hostWithInMemoryLibs(options: ts.CompilerOptions): ts.CompilerHost {
  const libs = new Map(
    getLibFiles().map((lib) => [`${libFolderInMemoryPath}/${lib.fileName}`, lib.text]),
  );
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  return Object.assign(host, {
    getDefaultLibLocation: () => libFolderInMemoryPath,
    getDefaultLibFileName: (libOptions: ts.CompilerOptions) =>
      `${libFolderInMemoryPath}/${ts.getDefaultLibFileName(libOptions)}`,
    fileExists: (file: string) => libs.has(file) || fileExists.call(host, file),
    readFile: (file: string) => libs.get(file) ?? readFile.call(host, file),
    getSourceFile: (
      file: string,
      languageVersion: ts.ScriptTarget | ts.CreateSourceFileOptions,
      ...rest: [((message: string) => void)?, boolean?]
    ) => {
      const lib = libs.get(file);
      return lib === undefined
        ? getSourceFile.call(host, file, languageVersion, ...rest)
        : ts.createSourceFile(file, lib, languageVersion);
    },
  } satisfies Partial<ts.CompilerHost>);
}

/**
 * Loads the program of `tsconfigPath` (absolute, or relative to the working directory).
 * @example
 * const { manifest, diagnostics } = runProgram(loadProgram('tsconfig.json'));
 */
export function loadProgram(tsconfigPath: string): ts.Program {
  const { fileNames, options } = parseTsconfig(tsconfigPath);
  return ts.createProgram({
    rootNames: fileNames,
    options,
    host: hostWithInMemoryLibs(options),
  });
}
