/**
 * Codegen of on-disk fixture files with the repository's tsconfig, as the codegen suites and the
 * fixture manifests read them, kept on disk between runs. Loading a fixture's program parses
 * about 850 files (the `toolwright` barrel pulls in `src/` and the Anthropic SDK's types), 1-3 s
 * of CPU per suite; the result only changes when an input does, so it is kept under a key of
 * every input: the contents of every non-test `.ts` file of `src/` and `codegen/` (codegen's own
 * code and the fixtures) and of this file, tsconfig.json, package-lock.json, the compiler
 * packages' versions, the Node version, the files and options asked for, and the content of every
 * file the program read (checked again on each hit). A changed input runs codegen again; a
 * result JSON cannot carry exactly is never kept.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { Project } from 'ts-morph';
import type { CodegenResult } from '../codegen/assembleManifest';
import type { CodegenOptions } from '../codegen/manifestPaths';

const REPO = join(__dirname, '..');
const CACHE = join(tmpdir(), 'toolwright-codegen-cache');

/** A kept result and the files its program read, each with its content's hash (null: not on disk). */
interface Entry {
  read: [path: string, hash: string | null][];
  result: CodegenResult;
}

const hash = (text: string | Buffer): string => createHash('sha256').update(text).digest('hex');

/** The hash of `path`'s content, or null when there is no such file (TypeScript's own lib files). */
function contentHash(path: string): string | null {
  try {
    return hash(readFileSync(path));
  } catch {
    return null;
  }
}

/** Every non-test `.ts` file under the repository's folder `dir`, relative to the repository, sorted. */
function sources(dir: string): string[] {
  return readdirSync(join(REPO, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => !file.split(/[\\/]/).includes('node_modules'))
    .map((file) => join(dir, file))
    .sort();
}

const versionOf = (pkg: string): string =>
  (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')) as { version: string })
    .version;

let inputsHash: string | undefined;

/** The hash of the inputs every fixture shares: codegen's code, the sources, the toolchain. */
function sharedInputs(): string {
  inputsHash ??= hash(
    JSON.stringify([
      process.version,
      ['typescript', 'ts-morph', '@ts-morph/common'].map(versionOf),
      ...[
        'tsconfig.json',
        'package-lock.json',
        'test/cachedCodegen.ts',
        ...sources('src'),
        ...sources('codegen'),
      ].map((file) => [file, contentHash(join(REPO, file))]),
    ]),
  );
  return inputsHash;
}

function readEntry(path: string): Entry | undefined {
  let entry: Entry;
  try {
    entry = JSON.parse(readFileSync(path, 'utf8')) as Entry;
  } catch {
    return undefined;
  }
  return entry.read.every(([file, expected]) => contentHash(file) === expected) ? entry : undefined;
}

function writeEntry(path: string, entry: Entry): void {
  mkdirSync(CACHE, { recursive: true });
  const partial = `${path}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(entry));
  renameSync(partial, path);
}

let project: Project | undefined;

/** How the fixture's project is made; `scanImports` (default true): its imports are searched for tools too. */
export interface FixtureLoading {
  scanImports?: boolean;
}

/** Codegen run for real, on one project per suite (TypeScript's lib files are parsed once). */
function runFresh(
  files: string[],
  options: CodegenOptions,
  scanImports: boolean,
): { result: CodegenResult; read: string[] } {
  // Required here, not imported: a suite whose results are all kept never loads the compiler.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Project } = require('ts-morph') as typeof import('ts-morph');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runCodegen } = require('../codegen/runCodegen') as typeof import('../codegen/runCodegen');
  project ??= new Project({
    tsConfigFilePath: join(REPO, 'tsconfig.json'),
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
  });
  // Emptied and filled again on every run, so a file changed since the last one is read anew.
  for (const file of project.getSourceFiles()) project.removeSourceFile(file);
  for (const file of files) project.addSourceFileAtPath(file);
  if (scanImports) project.resolveSourceFileDependencies();
  const result = runCodegen(project, options);
  const read = project
    .getProgram()
    .compilerObject.getSourceFiles()
    .map((file) => file.fileName);
  return { result, read };
}

/**
 * The manifest and diagnostics codegen gives for `files` (absolute paths), read with the
 * repository's tsconfig: kept from an earlier run when no input changed.
 * @example
 * const { manifest, diagnostics } = cachedCodegen([join(__dirname, 'Service.ts')], { rootDir: REPO });
 */
export function cachedCodegen(
  files: string[],
  options: CodegenOptions = {},
  { scanImports = true }: FixtureLoading = {},
): CodegenResult {
  const key = [sharedInputs(), files, options, scanImports];
  const path = join(CACHE, `${hash(JSON.stringify(key))}.json`);
  const kept = readEntry(path);
  if (kept) return kept.result;
  const { result, read } = runFresh(files, options, scanImports);
  const entry: Entry = { read: read.map((file) => [file, contentHash(file)]), result };
  if (isDeepStrictEqual(JSON.parse(JSON.stringify(result)), result)) writeEntry(path, entry);
  return result;
}
