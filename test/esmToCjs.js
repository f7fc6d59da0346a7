// Jest transformer for the ESM-only packages under node_modules (NestJS 12 ships ESM only, and so
// do sqlite-wasm's .mjs files): TypeScript's transpiler rewrites import/export to CommonJS, and
// `import.meta.url` becomes the file's URL.
// Why it stays on Node 22 and 24: Node's own require(esm) (22.12+) does not reach Jest, whose
// runtime loads each CommonJS module itself; Jest 29 has no require(esm) at all. Measured: without
// this transform, src/nest/SqlToolsModule.test.ts fails on Node 24.22 ("SyntaxError: Cannot use
// import statement outside a module" at @nestjs/common/index.js), as on 22. It can go with a Jest
// release that implements require(esm) itself (newer than 30.2, and on Node 24.9+ only).
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const ts = require('typescript');

/** This file's own text: a change to the transform makes Jest's cached output stale. */
const OWN_SOURCE = readFileSync(require.resolve('./esmToCjs'), 'utf8');

module.exports = {
  getCacheKey(source, filename, options) {
    return createHash('sha1')
      .update(OWN_SOURCE)
      .update(ts.version)
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
    const { outputText, sourceMapText } = ts.transpileModule(patched, {
      fileName: filename.replace(/\.mjs$/, '.js'), // TypeScript keeps a .mjs file ESM
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        allowJs: true,
        esModuleInterop: true,
        sourceMap: true,
      },
    });
    return { code: outputText, map: sourceMapText };
  },
};
