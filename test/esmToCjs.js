// Jest transformer for the ESM-only packages under node_modules (NestJS 12 ships ESM only, and
// Jest on Node < 24.9 cannot require ESM): TypeScript's transpiler rewrites import/export to
// CommonJS, and `import.meta.url` becomes the file's URL.
const ts = require('typescript');

module.exports = {
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
