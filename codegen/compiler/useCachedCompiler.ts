/**
 * What the CLI does before a command that reads a project: loads the compiler bundled in
 * `@ts-morph/common` (its own file, `dist/typescript.js`) and binds codegen's compiler module to
 * it, so a run does not load `@ts-morph/common`'s main module (3 MB, most of it lib files, which
 * `libFiles` serves from the cache folder). The compiler is the same module `@ts-morph/common`
 * itself loads, so ts-morph (`--watch`) shares it. Its compiled code is kept between runs by
 * Node's own compile cache, which the launcher turns on.
 *
 * Why there is no code cache of our own any more (it read the compiler as Latin-1 and kept
 * V8's code of it in the cache folder, because Node 20 has no compile cache): on the bench's
 * 1,000-tool project, a cold `toolwright codegen` process took, medians of alternating runs
 * with it and with Node's compile cache alone, 1.48 s and 1.51 s of CPU on Node 24.22 (0.03 s
 * gained), and 1.75 s and 1.84 to 1.87 s on Node 22.23 (0.09 to 0.11 s, in two series; wall
 * times on a loaded machine, 3.5 to 4.7 s, noisier than that): not worth 460 lines on Node's
 * internals for Node 22 alone.
 */
import { dirname, join } from 'node:path';
import { bindCompiler } from './bindCompiler';
import { cacheFolder } from './cacheFolder';

/**
 * Binds codegen's compiler to the bundled one, when the cache folder serves the lib files.
 * @example
 * useCachedCompiler();
 * const { runCodegenCommand } = await import('./cli/codegen');
 */
export function useCachedCompiler(): void {
  const common = require.resolve('@ts-morph/common');
  if (!cacheFolder() || require.cache[common] || require.cache[require.resolve('../typescript')])
    return;
  // The compiler's own file: `@ts-morph/common`'s main module loads this same one.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  bindCompiler(require(join(dirname(common), 'typescript.js')));
}
