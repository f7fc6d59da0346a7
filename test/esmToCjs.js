// Jest transformer for the ESM-only packages under node_modules (NestJS 12 ships ESM only, and
// Jest on Node < 24.9 cannot require ESM): TypeScript's transpiler rewrites import/export to
// CommonJS, and `import.meta.url` becomes the file's URL.
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
