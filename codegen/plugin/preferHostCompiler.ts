/**
 * Loads codegen's compiler module (`../typescript`) bound to the build's own, already loaded
 * `typescript` instead of the one bundled in `@ts-morph/common`, when the plugin is loaded inside
 * a build that has loaded it (the Nest CLI has). Loading the bundled compiler is most of what the
 * plugin would cost a build before it reads a single tool (about 0.4 s of parsing 12 MB of
 * JavaScript), and every extraction runs on the host's compiler anyway (`withCompiler`).
 *
 * Why a `require.cache` entry: `../typescript` must import the bundled compiler statically (it
 * re-exports it as a namespace, types and values under one name, which TypeScript cannot
 * express for a lazily loaded module), so the only way not to load it is to have the module
 * system answer that one import with the host's compiler while `../typescript` loads. The entry
 * exists only for that one `require` and is removed right after: any other module of the process
 * that imports `@ts-morph/common` later gets the real one. Nothing happens when `../typescript`
 * or `@ts-morph/common` is loaded already, or when the build has not loaded its `typescript`
 * (`tspc` hands its compiler over only with the program): codegen then loads as it always does.
 */
import Module from 'node:module';

/** The loaded `typescript` module the working directory's project resolves to, if any. */
function loadedHostCompiler(): unknown {
  try {
    const path = require.resolve('typescript', { paths: [process.cwd(), ...module.paths] });
    return require.cache[path]?.exports;
  } catch {
    return undefined;
  }
}

/** Loads `../typescript` with `host` answering its import of `@ts-morph/common`. */
function loadBoundTo(host: unknown): void {
  const bundled = require.resolve('@ts-morph/common');
  const compilerModule = require.resolve('../typescript');
  if (require.cache[bundled] || require.cache[compilerModule]) return;
  const stand = new Module(bundled, module);
  stand.filename = bundled;
  stand.loaded = true;
  stand.exports = { ts: host };
  require.cache[bundled] = stand;
  try {
    // The one module to load bound to the host's compiler.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('../typescript');
  } finally {
    delete require.cache[bundled];
  }
}

const host = loadedHostCompiler();
if (host) loadBoundTo(host);
