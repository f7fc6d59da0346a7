/**
 * Binds codegen's compiler module to the build's own, already loaded compiler instead of the
 * one bundled in `@ts-morph/common`, when the plugin is loaded inside a build that has loaded it:
 * the Nest CLI has loaded the project's `typescript`; a `tsc` patched in place by ts-patch
 * (docs/build.md's `prepare` script) runs `typescript/lib/_tsc.js`, which the patch makes export
 * the compiler's API. Loading the bundled compiler is most of what the plugin would cost a build
 * before it reads a single tool (about 0.1 s with Node's compile cache, 0.4 s without), and every
 * extraction runs on the host's compiler anyway (`withCompiler`). Nothing happens when codegen's
 * compiler module or `@ts-morph/common` is loaded already, or when the build has loaded no
 * compiler of the project's (ts-patch's live `tspc` runs a copy it keeps out of the module
 * cache, and hands its compiler over only with the program): codegen then loads as it always
 * does. How the binding works: `bindCompiler`.
 */
import { dirname, join } from 'node:path';
import { bindCompiler } from '../compiler/bindCompiler';

/** Whether `value` is a loaded compiler's API (an unpatched `_tsc.js` exports nothing). */
const isCompiler = (value: unknown): boolean =>
  typeof (value as { createProgram?: unknown } | undefined)?.createProgram === 'function' &&
  typeof (value as { version?: unknown }).version === 'string';

/**
 * The loaded compiler of the `typescript` the working directory's project resolves to, if any:
 * its module, or its `tsc` patched to export the API.
 */
function loadedHostCompiler(): unknown {
  try {
    const path = require.resolve('typescript', { paths: [process.cwd(), ...module.paths] });
    const candidates = [path, join(dirname(path), '_tsc.js')];
    return candidates.map((file) => require.cache[file]?.exports).find(isCompiler);
  } catch {
    return undefined;
  }
}

const host = loadedHostCompiler();
if (host) bindCompiler(host);
