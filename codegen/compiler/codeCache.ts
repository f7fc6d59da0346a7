/**
 * Loads a large CommonJS module with V8's code cache, kept in the cache folder between runs of
 * the CLI. The compiler codegen reads with is 9 MB of JavaScript; compiling it, and then each of
 * its functions the run calls, is a fifth of a cold run's time.
 *
 * Written here, not taken from a library, for when the cache is made: `v8-compile-cache` keeps
 * the code V8 has just after compiling a module, before it runs, which for a bundle is its top
 * level: the functions a run calls are compiled lazily, and stay out of the cache (Node 22's own
 * compile cache, which the launcher turns on where it exists, is not on Node 20 at all). Here
 * the cache is made when a run has read a project (`keepCompiledCode`), with every function
 * that run compiled, so the next run compiles almost nothing.
 *
 * The file of a cache holds a SHA-256 of the code and the code. V8 checks a cache against its own
 * version, its flags and the source's length, not the source itself, nor (in release builds)
 * the cache's checksum: the name of the file carries the module's path, size and modification
 * time and the Node version, and the digest is checked before V8 sees the bytes. A cache V8
 * rejects (other flags) is made again. Writing a module's cache removes those of its other
 * versions.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { constants, Script } from 'node:vm';
import type { ScriptOptions } from 'node:vm';
import { cacheFolder, removeReplaced, writeWhole } from './cacheFolder';
import { wrappedSource } from './wrappedSource';

const DIGEST = 'sha256';
const DIGEST_BYTES = 32;

/** A module loaded by `loadCached` whose cache is missing or was rejected. */
interface Uncached {
  script: Script;
  cacheFile: string;
}

const uncached: Uncached[] = [];
let keeping = false;

/** A short digest of `text`, for file names. */
const nameDigest = (text: string): string =>
  createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * The cache file of `file` as it is now, in `folder`: `code-<the module's path>-<what makes its
 * code this code>.bin`, each part a digest, so the caches of one module's other versions can be
 * told apart and removed (`pruneOthers`).
 */
function cacheFileOf(folder: string, file: string): string {
  const { size, mtimeMs } = statSync(file);
  const version = [size, mtimeMs, process.version, process.arch].join('\0');
  return join(folder, `code-${nameDigest(file)}-${nameDigest(version)}.bin`);
}

/** The name `cacheFileOf` gives a cache file. */
const CACHE_NAME = /^code-[0-9a-f]{16}-[0-9a-f]{16}\.bin$/;

/** The cache files of earlier releases, one digest of everything: `code-<32 hex>.bin`. */
const EARLIER_NAMING = /^code-[0-9a-f]{32}\.bin$/;

/**
 * Removes the caches of the module's other versions (an upgraded compiler, another Node) once
 * `cacheFile` is written, so the folder holds one cache per module and not one per upgrade. A
 * file another run is reading stays readable until it closes it; one that cannot be removed
 * stays.
 */
function pruneOthers(cacheFile: string): void {
  const name = basename(cacheFile);
  const sameModule = name.slice(0, name.lastIndexOf('-') + 1);
  removeReplaced(
    cacheFile,
    (other) =>
      (other.startsWith(sameModule) && CACHE_NAME.test(other)) || EARLIER_NAMING.test(other),
  );
}

/** The cached code in `cacheFile` if it is there and whole. */
function readCache(cacheFile: string): Buffer | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(cacheFile);
  } catch {
    return undefined;
  }
  const code = bytes.subarray(DIGEST_BYTES);
  const digest = createHash(DIGEST).update(code).digest();
  return bytes.length > DIGEST_BYTES && digest.equals(bytes.subarray(0, DIGEST_BYTES))
    ? code
    : undefined;
}

/** Compiles the wrapped `source` (see `wrappedSource`) of `file`, with `cachedData` if given. */
function compile(file: string, source: string, cachedData: Buffer | undefined): Script {
  const options: ScriptOptions = { filename: file };
  if (cachedData) options.cachedData = cachedData;
  // The default loader for `import()` in the module, where this Node has it (20.12+).
  if (constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER)
    options.importModuleDynamically = constants.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  return new Script(source, options);
}

/** Node's list of the `node_modules` folders above a folder (what it gives each module's `paths`). */
const nodeModulePaths = (Module as unknown as { _nodeModulePaths?: (from: string) => string[] })
  ._nodeModulePaths;

/** Runs a compiled module as `require` would, registered in the module cache under `file`. */
function run(script: Script, file: string): unknown {
  const loaded = new Module(file, module);
  loaded.filename = file;
  // Where `module.require` and `module.paths` look, as Node's own loader sets them.
  loaded.paths = nodeModulePaths?.(dirname(file)) ?? [];
  require.cache[file] = loaded;
  const body = script.runInThisContext() as (...args: unknown[]) => void;
  try {
    body.call(loaded.exports, loaded.exports, createRequire(file), loaded, file, dirname(file));
  } catch (error) {
    delete require.cache[file];
    throw error;
  }
  loaded.loaded = true;
  return loaded.exports;
}

/**
 * The exports of the CommonJS module `file` (an absolute path), loaded with its code cache when
 * the cache folder has a good one; the module is in `require.cache` as if `require` had loaded it.
 * @example
 * const compiler = loadCached(require.resolve('@ts-morph/common/dist/typescript.js'));
 */
export function loadCached(file: string): unknown {
  const cached = require.cache[file];
  if (cached) return cached.exports;
  const source = wrappedSource(file);
  const folder = cacheFolder();
  if (!folder) return run(compile(file, source, undefined), file);
  const cacheFile = cacheFileOf(folder, file);
  const cachedData = readCache(cacheFile);
  const script = compile(file, source, cachedData);
  if (!cachedData || script.cachedDataRejected) uncached.push({ script, cacheFile });
  return run(script, file);
}

/** Writes the code caches this run lacked, with every function compiled so far. */
function writeCaches(): void {
  for (const { script, cacheFile } of uncached.splice(0)) {
    const code = script.createCachedData();
    if (writeWhole(cacheFile, Buffer.concat([createHash(DIGEST).update(code).digest(), code])))
      pruneOthers(cacheFile);
  }
}

/**
 * Says this run has done what a run of the CLI does (read a project), so the code caches it
 * lacked are worth writing: they are written as the process exits, holding every function the
 * run compiled. A run that only printed its help does not call it.
 * @example
 * const result = runColdCodegen(programs, settings);
 * keepCompiledCode();
 */
export function keepCompiledCode(): void {
  if (keeping || !uncached.length) return;
  keeping = true;
  process.once('exit', writeCaches);
}
