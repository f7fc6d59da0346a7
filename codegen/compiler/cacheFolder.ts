/**
 * Where the CLI keeps what one run can hand the next: the lib files it reads (`libFiles`; the
 * compiled code of the compiler is Node's compile cache's to keep). The folder is
 * `.cache/toolwright` in the `node_modules` that holds the installed compiler
 * (`@ts-morph/common`), the convention Babel, ESLint and nyc share (find-cache-dir), so it
 * belongs to whoever installed the packages; `TOOLWRIGHT_CACHE_DIR` names another, and
 * `NODE_DISABLE_COMPILE_CACHE` (Node's own switch for its compile cache) turns the cache off.
 * Files are written whole or not at all (a temporary file renamed into place), so concurrent runs
 * never read half a file, and a folder that cannot be written only means a run without the
 * cache. A new entry removes
 * those it replaces (`removeReplaced`), so the folder does not grow with each upgrade.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The cache folder, or undefined when the cache is turned off. */
export function cacheFolder(): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (process.env.TOOLWRIGHT_CACHE_DIR) return process.env.TOOLWRIGHT_CACHE_DIR;
  const common = require.resolve('@ts-morph/common/package.json');
  return join(dirname(dirname(dirname(common))), '.cache', 'toolwright');
}

/**
 * Writes `data` to `path` whole, through a temporary file; false when it could not.
 * @example
 * writeWhole(join(folder, 'index.json'), JSON.stringify(names));
 */
export function writeWhole(path: string, data: string | Uint8Array): boolean {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temporary, data);
    renameSync(temporary, path);
    return true;
  } catch {
    try {
      rmSync(temporary, { force: true });
    } catch {
      // No folder to have written the file in: nothing to remove.
    }
    return false;
  }
}

/**
 * Removes what `kept` replaces: each other entry of its folder that `replaced` names (files, or
 * folders with what they hold). Best effort: an entry left behind costs disk space, never a run.
 * @example
 * removeReplaced(copyFolder, (name) => name.startsWith('libs-'));
 */
export function removeReplaced(
  kept: string,
  replaced: (name: string, path: string) => boolean,
): void {
  const folder = dirname(kept);
  try {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (name !== basename(kept) && replaced(name, path))
        rmSync(path, { recursive: true, force: true });
    }
  } catch {
    // Nothing to remove, or no right to: the old entries stay.
  }
}
