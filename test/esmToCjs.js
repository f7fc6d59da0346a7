// Jest transformer for the ESM-only packages under node_modules (NestJS 12 ships ESM only, and so
// do sqlite-wasm's .mjs files): SWC (@swc/core, as test/swcTransform.js uses) rewrites
// import/export to CommonJS (with the same interop as TypeScript's esModuleInterop), and
// `import.meta.url` becomes the file's URL.
// SWC, not TypeScript's transpiler: a cold run (empty Jest cache) transforms about 420 of these
// files; TypeScript took 40-60x SWC's CPU on them (1 s for sqlite-wasm's 400 KB bundle against
// 0.07 s) and cost every worker 0.2 s to load. No source maps: this is vendor code, whose stack
// frames nobody maps back.
// Why it stays on Node 22 and 24: Node's own require(esm) (22.12+) does not reach Jest, whose
// runtime loads each CommonJS module itself; Jest 29 has no require(esm) at all. Measured: without
// this transform, src/nest/SqlToolsModule.test.ts fails on Node 24.22 ("SyntaxError: Cannot use
// import statement outside a module" at @nestjs/common/index.js), as on 22. It can go with a Jest
// release that implements require(esm) itself (newer than 30.2, and on Node 24.9+ only).
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const swc = require('@swc/core');

/** SWC's options: plain JavaScript in, CommonJS out, nothing else changed. */
const OPTIONS = {
  swcrc: false,
  configFile: false,
  sourceMaps: false,
  jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' },
  module: { type: 'commonjs' },
};

/** What a cached output depends on besides the file: this transform's text and SWC's version. */
const OWN_KEY = createHash('sha1')
  .update(readFileSync(require.resolve('./esmToCjs'), 'utf8'))
  .update(swc.version)
  .digest('hex');

module.exports = {
  getCacheKey(source, filename, options) {
    return createHash('sha1')
      .update(OWN_KEY)
      .update(filename)
      .update(options.configString)
      .update(source)
      .digest('hex');
  },
  process(source, filename) {
    const patched = source
      .replace(/\bimport\.meta\.url\b/g, "require('node:url').pathToFileURL(__filename).href")
      // sqlite-wasm declares its own `require`, which CommonJS already has.
      .replace(/^const require = createRequire\(.*$/m, '');
    return { code: swc.transformSync(patched, { ...OPTIONS, filename }).code };
  },
};
