/**
 * The TypeScript lib files (`lib.es2023.d.ts`, …) of the compiler codegen reads with: ts-morph's
 * in-memory copies, which match its bundled compiler. They live in `@ts-morph/common`'s main
 * module, 3 MB of JavaScript that a cold run would load for them alone (the compiler is a file of
 * its own), so the first run copies them into the cache folder, one file each, and later runs
 * read only the few a project's `lib` names; the copies of earlier installs are then removed.
 * Without a cache folder, or when a copied file is gone, they come from `@ts-morph/common` as
 * before.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cacheFolder, removeReplaced, writeWhole } from './cacheFolder';

/** Where programs see the lib files (ts-morph's `libFolderInMemoryPath`). */
export const LIB_FOLDER = '/node_modules/typescript/lib';

/** The marker of a complete copy: the names of the lib files, written after them. */
const INDEX = 'index.json';

/** The lib files: their names, and each one's text on demand. */
export interface LibFiles {
  /** Whether `fileName` (`lib.es5.d.ts`) is a lib file. */
  has(fileName: string): boolean;
  /** The text of the lib file `fileName`, or undefined if there is none. */
  text(fileName: string): string | undefined;
}

/** The lib texts of `@ts-morph/common`, by file name (loads its main module). */
let bundledTexts: Map<string, string> | undefined;
function bundled(): Map<string, string> {
  if (!bundledTexts) {
    // Loaded here only: the module is what a run with the cache avoids loading.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const common = require('@ts-morph/common') as typeof import('@ts-morph/common');
    bundledTexts = new Map(common.getLibFiles().map((lib) => [lib.fileName, lib.text]));
  }
  return bundledTexts;
}

/** The folder of the copy of this `@ts-morph/common`'s lib files. */
function copyFolder(folder: string): string {
  const manifest = require.resolve('@ts-morph/common/package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  const { size, mtimeMs } = statSync(require.resolve('@ts-morph/common'));
  return join(folder, `libs-${version}-${size}-${Math.trunc(mtimeMs)}`);
}

/** The name `copyFolder` gives a copy: `libs-<version>-<size>-<modification time>`. */
const COPY_NAME = /^libs-[0-9A-Za-z.+-]+-\d+-\d+$/;

/**
 * Removes the complete copies (named so, with their index) of other `@ts-morph/common` installs
 * from the cache folder, once `kept` is complete. A run still reading one of them reads the
 * bundled texts for what is gone.
 */
function pruneOtherCopies(kept: string): void {
  removeReplaced(kept, (name, path) => COPY_NAME.test(name) && existsSync(join(path, INDEX)));
}

/** Copies the lib files into `folder`, the index last, and removes the other copies. */
function copy(texts: Map<string, string>, folder: string): void {
  for (const [name, text] of texts) if (!writeWhole(join(folder, name), text)) return;
  if (writeWhole(join(folder, INDEX), JSON.stringify([...texts.keys()]))) pruneOtherCopies(folder);
}

/** The lib files read from the copy in `folder`, the bundled ones for any that is gone. */
function fromCopy(folder: string, names: readonly string[]): LibFiles {
  const known = new Set(names);
  return {
    has: (name) => known.has(name),
    text: (name) => {
      if (!known.has(name)) return undefined;
      try {
        return readFileSync(join(folder, name), 'utf8');
      } catch {
        return bundled().get(name);
      }
    },
  };
}

/** The names in the copy's index, if the copy is complete. */
function copiedNames(copied: string): string[] | undefined {
  if (!existsSync(join(copied, INDEX))) return undefined;
  try {
    const names: unknown = JSON.parse(readFileSync(join(copied, INDEX), 'utf8'));
    return Array.isArray(names) && names.every((name) => typeof name === 'string')
      ? names
      : undefined;
  } catch {
    return undefined;
  }
}

let files: LibFiles | undefined;

/**
 * The lib files, from the cache folder's copy when there is one (made on the first call).
 * @example
 * const text = libFiles().text('lib.es2023.d.ts');
 */
export function libFiles(): LibFiles {
  if (files) return files;
  const folder = cacheFolder();
  const copied = folder && copyFolder(folder);
  const names = copied && copiedNames(copied);
  if (copied && names) return (files = fromCopy(copied, names));
  const texts = bundled();
  if (copied) copy(texts, copied);
  return (files = { has: (name) => texts.has(name), text: (name) => texts.get(name) });
}
