/**
 * The compiler options codegen reads a project with, as pure functions over `ts.CompilerOptions`:
 * the tsconfig's own, set up for reading rather than compiling, with the defaults of the
 * TypeScript 5 the project builds with. Both loaders (ts-morph's `Project` and the direct
 * program of the cold CLI run) take them from `parseTsconfig`, so they see the same program.
 */
import { ts } from '../typescript';

/** What codegen changes whatever the tsconfig says: no lib checks, no emit. */
const READING_OPTIONS: Readonly<ts.CompilerOptions> = Object.freeze({
  skipLibCheck: true,
  noEmit: true,
  declaration: false,
  sourceMap: false,
});

/**
 * ts-morph brings TypeScript 6, where `module: commonjs` without `moduleResolution` means
 * `bundler`; the TypeScript 5 a project builds with means `node10` there. Codegen must resolve
 * imports (and so find `toolwright`) the way the project's own compiler does. Returns the
 * options to set (none when the tsconfig decides).
 */
function resolveLikeTypeScript5(options: ts.CompilerOptions): ts.CompilerOptions {
  if (options.moduleResolution !== undefined) return {};
  const module =
    options.module ??
    (options.target !== undefined && options.target >= ts.ScriptTarget.ES2015
      ? ts.ModuleKind.ES2015
      : ts.ModuleKind.CommonJS);
  return module === ts.ModuleKind.CommonJS
    ? { moduleResolution: ts.ModuleResolutionKind.Node10 }
    : {};
}

/**
 * TypeScript 6 also changed two defaults that decide which errors a file has: `strict` (now on)
 * and `types` (now none). Codegen reports the project's TypeScript errors, so it keeps the
 * defaults of the TypeScript 5 the project compiles with when the tsconfig leaves them unset.
 * Returns the options to set.
 */
function checkLikeTypeScript5(options: ts.CompilerOptions): ts.CompilerOptions {
  return {
    ...(options.strict === undefined ? { strict: false } : {}),
    ...(options.types === undefined ? { types: ['*'] } : {}),
  };
}

/** The options codegen reads a project with, from its tsconfig's parsed options. */
export function codegenCompilerOptions(tsconfigOptions: ts.CompilerOptions): ts.CompilerOptions {
  const reading = { ...tsconfigOptions, ...READING_OPTIONS };
  return { ...reading, ...resolveLikeTypeScript5(reading), ...checkLikeTypeScript5(reading) };
}
