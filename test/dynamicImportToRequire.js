// Jest transformer for CommonJS builds that load Node's modules with import() (PGlite's), which
// Jest's VM cannot run without --experimental-vm-modules: each `import("name")` becomes a require
// of the same module, wrapped as a namespace. The require is captured first, because the
// emscripten code in those builds declares a `var require` of its own.
module.exports = {
  process(source) {
    const code = source.replace(
      /\bimport\((["'][^"']+["'])\)/g,
      'Promise.resolve().then(() => __twNamespace(__twRequire($1)))',
    );
    const prelude =
      'const __twRequire = require; const __twNamespace = (m) => (m && m.__esModule ? m : Object.assign({}, m, { default: m }));';
    return { code: `${prelude}${code}` };
  },
};
