/**
 * What the CLI does before a command that reads a project: loads the compiler bundled in
 * `@ts-morph/common` (its own file, `dist/typescript.js`) with its code cache, and binds
 * codegen's compiler module to it, so a run neither compiles the compiler again nor loads
 * `@ts-morph/common`'s main module (3 MB, most of it lib files, which `libFiles` serves from the
 * cache folder). The compiler is the same module `@ts-morph/common` itself loads, so ts-morph
 * (`--watch`) shares it. Without a cache folder codegen loads its compiler as it always does;
 * when loading through the cache fails, it does too, and the run says why on `warn`, so a cache
 * that stopped working is seen rather than silently paid for on every run.
 */
import { dirname, join } from 'node:path';
import { bindCompiler } from './bindCompiler';
import { cacheFolder } from './cacheFolder';
import { loadCached } from './codeCache';

/** The compiler file bundled in `@ts-morph/common`. */
const bundledCompiler = (): string =>
  join(dirname(require.resolve('@ts-morph/common')), 'typescript.js');

/**
 * Binds codegen's compiler to the bundled one (or `compilerFile`) loaded through the code cache;
 * a failure is written to `warn` as one line and the run goes on without the cache.
 * @example
 * useCachedCompiler((text) => process.stderr.write(text));
 * const { runCodegenCommand } = await import('./cli/codegen');
 */
export function useCachedCompiler(
  warn: (text: string) => void,
  compilerFile: string = bundledCompiler(),
): void {
  const common = require.resolve('@ts-morph/common');
  if (!cacheFolder() || require.cache[common] || require.cache[require.resolve('../typescript')])
    return;
  try {
    bindCompiler(loadCached(compilerFile));
  } catch (error) {
    // A cache is never a reason for a run to fail: codegen then loads its compiler itself.
    const message = error instanceof Error ? error.message : String(error);
    warn(
      `toolwright: the compiler's code cache is off for this run (${compilerFile}: ${message})\n`,
    );
  }
}
