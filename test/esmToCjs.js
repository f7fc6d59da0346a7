// Jest transformer for the ESM-only packages under node_modules (NestJS 12 ships ESM only):
// TypeScript's transpiler rewrites import/export to CommonJS, and `import.meta.url` becomes the
// file's URL.
// Why it stays on Node 22 and 24: Node's own require(esm) (22.12+) does not reach Jest, whose
// runtime loads each CommonJS module itself; Jest 29 has no require(esm) at all. Measured: without
// this transform, src/nest/SqlToolsModule.test.ts fails on Node 24.22 ("SyntaxError: Cannot use
// import statement outside a module" at @nestjs/common/index.js), as on 22. It can go with a Jest
// release that implements require(esm) itself (newer than 30.2, and on Node 24.9+ only).
const ts = require('typescript');

module.exports = {
  process(source, filename) {
    const patched = source.replace(
      /\bimport\.meta\.url\b/g,
      "require('node:url').pathToFileURL(__filename).href",
    );
    const { outputText, sourceMapText } = ts.transpileModule(patched, {
      fileName: filename,
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
