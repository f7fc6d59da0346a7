/**
 * Binds codegen's compiler module to the build's own, already loaded compiler instead of the
 * one bundled in `@ts-morph/common`, when the plugin is loaded inside a build that has loaded
 * it. Loading the bundled compiler is most of what the plugin would cost a build before it reads
 * a single tool (about 0.4 s of parsing 12 MB of JavaScript), and every extraction runs on the
 * host's compiler anyway (`withCompiler`). The build's compiler is its `typescript` module (the
 * Nest CLI has loaded it; so has ts-patch's `tspc`, which patches a copy of it) or, under a
 * `tsc` that `ts-patch install` patched in place, that `tsc` itself: its patched
 * `lib/_tsc.js` exports the compiler namespace it runs (the unpatched one exports nothing and
 * loads no plugin). Nothing happens when codegen's compiler module or `@ts-morph/common` is
 * loaded already, or when the build has loaded neither: codegen then loads as it always does.
 * How the binding works: `bindCompiler`.
 */
import { dirname, join } from 'node:path';
import { bindCompiler } from '../compiler/bindCompiler';

/** The exports of the loaded module at `path`, if it is loaded and is a compiler. */
function loadedCompiler(path: string): unknown {
  const exports = require.cache[path]?.exports as { createProgram?: unknown } | undefined;
  return typeof exports?.createProgram === 'function' ? exports : undefined;
}

/** The loaded compiler of the working directory's project (`typescript`, else its patched `tsc`), if any. */
function loadedHostCompiler(): unknown {
  try {
    const path = require.resolve('typescript', { paths: [process.cwd(), ...module.paths] });
    return loadedCompiler(path) ?? loadedCompiler(join(dirname(path), '_tsc.js'));
  } catch {
    return undefined;
  }
}

const host = loadedHostCompiler();
if (host) bindCompiler(host);
