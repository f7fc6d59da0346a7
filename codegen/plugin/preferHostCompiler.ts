/**
 * Binds codegen's compiler module to the build's own, already loaded `typescript` instead of the
 * one bundled in `@ts-morph/common`, when the plugin is loaded inside a build that has loaded it
 * (the Nest CLI has). Loading the bundled compiler is most of what the plugin would cost a build
 * before it reads a single tool (about 0.4 s of parsing 12 MB of JavaScript), and every
 * extraction runs on the host's compiler anyway (`withCompiler`). Nothing happens when codegen's
 * compiler module or `@ts-morph/common` is loaded already, or when the build has not loaded its
 * `typescript` (`tspc` hands its compiler over only with the program): codegen then loads as it
 * always does. How the binding works: `bindCompiler`.
 */
import { bindCompiler } from '../compiler/bindCompiler';

/** The loaded `typescript` module the working directory's project resolves to, if any. */
function loadedHostCompiler(): unknown {
  try {
    const path = require.resolve('typescript', { paths: [process.cwd(), ...module.paths] });
    return require.cache[path]?.exports;
  } catch {
    return undefined;
  }
}

const host = loadedHostCompiler();
if (host) bindCompiler(host);
