/**
 * What the CLI does before a command that reads a project: loads the compiler bundled in
 * `@ts-morph/common` (its own file, `dist/typescript.js`) with its code cache, and binds
 * codegen's compiler module to it, so a run neither compiles the compiler again nor loads
 * `@ts-morph/common`'s main module (3 MB, most of it lib files, which `libFiles` serves from the
 * cache folder). The compiler is the same module `@ts-morph/common` itself loads, so ts-morph
 * (`--watch`) shares it. Without a cache folder, or when loading through it fails, codegen loads
 * its compiler as it always does.
 */
import { dirname, join } from 'node:path';
import { bindCompiler } from './bindCompiler';
import { cacheFolder } from './cacheFolder';
import { loadCached } from './codeCache';

/**
 * Binds codegen's compiler to the bundled one loaded through the code cache.
 * @example
 * useCachedCompiler();
 * const { runCodegenCommand } = await import('./cli/codegen');
 */
export function useCachedCompiler(): void {
  const common = require.resolve('@ts-morph/common');
  if (!cacheFolder() || require.cache[common] || require.cache[require.resolve('../typescript')])
    return;
  try {
    bindCompiler(loadCached(join(dirname(common), 'typescript.js')));
  } catch {
    // A cache is never a reason for a run to fail: codegen then loads its compiler itself.
  }
}
