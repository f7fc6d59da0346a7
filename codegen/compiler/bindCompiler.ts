/**
 * Loads codegen's compiler module (`../typescript`) bound to a compiler module the caller has
 * already loaded, instead of letting it load `@ts-morph/common`'s main module: the plugin binds
 * it to the build's own `typescript` (`preferHostCompiler`), the CLI to the bundled compiler's
 * own file (`useCachedCompiler`), so neither loads 3 to 12 MB of JavaScript it does not use.
 *
 * Why a `require.cache` entry: `../typescript` must import `@ts-morph/common` statically (it
 * re-exports its compiler as a namespace, types and values under one name, which TypeScript
 * cannot express for a module loaded otherwise), so the only way to hand it another module is
 * to have the module system answer that one import while `../typescript` loads. The entry exists
 * only for that one `require` and is removed right after: a module that imports
 * `@ts-morph/common` later (ts-morph, for `--watch`) gets the real one.
 */
import Module from 'node:module';

/**
 * Loads `../typescript` with `compiler` as its compiler; false when it (or `@ts-morph/common`)
 * was loaded already, which then stays as it is.
 * @example
 * bindCompiler(require.cache[require.resolve('typescript')]!.exports);
 */
export function bindCompiler(compiler: unknown): boolean {
  const bundled = require.resolve('@ts-morph/common');
  const compilerModule = require.resolve('../typescript');
  if (require.cache[bundled] || require.cache[compilerModule]) return false;
  const stand = new Module(bundled, module);
  stand.filename = bundled;
  stand.loaded = true;
  stand.exports = { ts: compiler };
  require.cache[bundled] = stand;
  try {
    // The one module to load bound to `compiler`.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('../typescript');
  } finally {
    delete require.cache[bundled];
  }
  return true;
}
