// Jest transformer for the project's TypeScript: SWC (@swc/core, already a devDependency, used by
// `nest build`) strips the types file by file, as ts-jest's isolated transpilation did, at a
// fraction of the cost, and still emits decorator metadata (`design:type`,
// `design:paramtypes`), which class-validator and Nest read. Type checking stays
// `npm run typecheck`'s job. The options mirror tsconfig.json: ES2022 with define semantics for
// class fields, legacy (experimental) decorators, CommonJS with esModuleInterop's interop.
//
// Two CommonJS details are brought to tsc's emit, which the package is built with:
// - SWC exports through getters that cannot be redefined; `configurable: true` lets
//   `jest.spyOn(module, 'name')` replace one, as it can on tsc's plain properties.
// - `export import a = b` (codegen/typescript.ts) is a plain `exports.a = b` under tsc, which
//   that module reassigns while a host compiler runs; SWC would make it a getter-only export.
const { createHash } = require('node:crypto');
const swc = require('@swc/core');

/** SWC's options for one file; source maps go back to Jest so stack traces name .ts lines. */
function swcOptions(filename) {
  return {
    filename,
    swcrc: false,
    configFile: false,
    sourceMaps: true,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      target: 'es2022',
      keepClassNames: true,
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: true,
      },
    },
    module: { type: 'commonjs' },
  };
}

/** What a cached output depends on besides the source: SWC's version and these options. */
const OPTIONS_KEY = createHash('sha256')
  .update(swc.version)
  .update(JSON.stringify(swcOptions('')))
  .update(require('node:fs').readFileSync(require.resolve('./swcTransform.js')))
  .digest('hex');

/** `export import a = b;` (TypeScript's alias export), captured as `a` and `b`. */
const EXPORT_IMPORT = /^export import (\w+) = ([\w.]+);$/gm;

/** The start of each export SWC defines (one export, `_export`'s loop, `_export_star`). */
const EXPORT_DEFINITION =
  /(Object\.defineProperty\((?:exports|target|to), (?:"[^"]+"|name|k), \{\s*enumerable: true,)/g;

/**
 * Transpiles one file. An alias export becomes a constant assigned to `exports` on the same line
 * (tsc's emit: a plain writable property), so the line count and the source map stay.
 */
function transpile(source, filename) {
  const rewritten = source.replace(
    EXPORT_IMPORT,
    (_line, name, target) => `const ${name} = ${target}; exports.${name} = ${name};`,
  );
  const { code, map } = swc.transformSync(rewritten, swcOptions(filename));
  return { code: code.replace(EXPORT_DEFINITION, '$1 configurable: true,'), map };
}

module.exports = {
  process(source, filename) {
    return transpile(source, filename);
  },
  getCacheKey(source, filename, { configString }) {
    return createHash('sha256')
      .update(OPTIONS_KEY)
      .update('\0')
      .update(filename)
      .update('\0')
      .update(configString)
      .update('\0')
      .update(source)
      .digest('hex');
  },
};
