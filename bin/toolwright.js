#!/usr/bin/env node
// The toolwright CLI: a thin launcher for the compiled codegen/cli (built by `npm run build`;
// the published package ships it built, a clone builds it with `npm run build`).
const { existsSync } = require('node:fs');
const module_ = require('node:module');
const { join } = require('node:path');

// Node 22.1+ keeps the compiled code of the modules loaded after this (the TypeScript compiler,
// most of a cold run's start) in its compile cache; NODE_DISABLE_COMPILE_CACHE turns it off.
// It is the only code cache the CLI has (see codegen/compiler/useCachedCompiler.ts); on 22.0,
// which has no such function, runs compile everything.
if (typeof module_.enableCompileCache === 'function') module_.enableCompileCache();

const cli = join(__dirname, '..', 'dist', 'codegen', 'cli.js');
if (!existsSync(cli)) {
  process.stderr.write(
    `toolwright: ${cli} is not built; run npm run build in ${join(__dirname, '..')}\n`,
  );
  process.exitCode = 2;
} else {
  require(cli)
    .main(process.argv.slice(2), undefined, { cachedCompiler: true })
    .then((code) => {
      process.exitCode = code;
    });
}
