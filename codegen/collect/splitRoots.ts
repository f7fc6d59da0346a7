/**
 * How a cold run splits its tool files between two threads: each thread builds a program of
 * its own share of the tool files plus every root file that can change what other files mean
 * (declaration files, scripts that declare globals, `declare global` and `declare module`
 * augmentations), so a tool reads the same in a share's program as in the whole project's. The
 * shares are balanced by source size (parsing and checking grow with it). A miss still cannot
 * change the manifest: a name a share's program lacks is a TypeScript error (TW113), on which
 * the run reads the full program instead.
 */
import { isToolCandidate } from './isToolCandidate';

/** Below this many tool files, one thread is faster than two (a thread costs a compiler load). */
export const MIN_SPLIT_FILES = 16;

/** The roots of a two-thread run: what both programs hold, and each thread's tool files. */
export interface RootSplit {
  shared: string[];
  shares: [string[], string[]];
}

/** Whether a tool file's text may affect other files than those importing it. */
export function affectsOthers(text: string): boolean {
  return !/\b(import|export)\b/.test(text) || /\bdeclare\s+(global|module)\b/.test(text);
}

/**
 * Splits `fileNames` (a tsconfig's roots), reading each tool file's text with `read`; undefined
 * when fewer than `MIN_SPLIT_FILES` tool files can be split.
 * @example
 * const split = splitRoots(parsed.fileNames, (file) => readFileSync(file, 'utf8'));
 */
export function splitRoots(
  fileNames: readonly string[],
  read: (fileName: string) => string,
): RootSplit | undefined {
  const shared: string[] = [];
  const sized: [string, number][] = [];
  for (const fileName of fileNames) {
    if (!isToolCandidate(fileName)) {
      shared.push(fileName);
      continue;
    }
    const text = read(fileName);
    if (affectsOthers(text)) shared.push(fileName);
    else sized.push([fileName, text.length]);
  }
  if (sized.length < MIN_SPLIT_FILES) return undefined;
  const shares: [string[], string[]] = [[], []];
  const sizes = [0, 0];
  for (const [fileName, size] of sized.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    const lighter = sizes[0]! <= sizes[1]! ? 0 : 1;
    shares[lighter].push(fileName);
    sizes[lighter]! += size;
  }
  return { shared, shares };
}
