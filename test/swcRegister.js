// `node -r ./test/swcRegister.js file.ts`: runs the project's TypeScript in a child process the
// way Jest runs it in process, through test/swcTransform.js (SWC, file by file, with decorator
// metadata), for the suites that start the CLI, workers or apps from source. It replaces
// `ts-node/register/transpile-only`, whose per-file TypeScript transpilation cost each child
// process 2-3 s of CPU before its first line ran (SWC: a fraction of that). Stack traces name
// the .ts lines (inline source maps). Type checking stays `npm run typecheck`'s job.
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { process: transpile } = require('./swcTransform');

process.setSourceMapsEnabled(true);

/** The compiled file with its source map inline, for Node's own source map support. */
function compiled(filename) {
  const { code, map } = transpile(readFileSync(filename, 'utf8'), filename);
  const inline = Buffer.from(typeof map === 'string' ? map : JSON.stringify(map)).toString(
    'base64',
  );
  return `${code}\n//# sourceMappingURL=data:application/json;charset=utf-8;base64,${inline}\n`;
}

for (const extension of ['.ts', '.cts']) {
  Module._extensions[extension] = (module, filename) => {
    module._compile(compiled(filename), filename);
  };
}
