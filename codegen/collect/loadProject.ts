/**
 * Opens a tsconfig as one ts-morph `Project`, set up for reading rather than compiling: no lib
 * checks, no emit, and no eager walk of dependencies (the program resolves what it needs).
 */
import { Project, ts } from 'ts-morph';

/**
 * ts-morph brings TypeScript 6, where `module: commonjs` without `moduleResolution` means
 * `bundler`; the TypeScript 5 a project builds with means `node10` there. Codegen must resolve
 * imports (and so find `toolwright`) the way the project's own compiler does.
 */
function resolveLikeTypeScript5(project: Project): void {
  const options = project.getCompilerOptions();
  if (options.moduleResolution !== undefined) return;
  const module =
    options.module ??
    (options.target !== undefined && options.target >= ts.ScriptTarget.ES2015
      ? ts.ModuleKind.ES2015
      : ts.ModuleKind.CommonJS);
  if (module === ts.ModuleKind.CommonJS)
    project.compilerOptions.set({ moduleResolution: ts.ModuleResolutionKind.Node10 });
}

/**
 * TypeScript 6 also changed two defaults that decide which errors a file has: `strict` (now on)
 * and `types` (now none). Codegen reports the project's TypeScript errors, so it keeps the
 * defaults of the TypeScript 5 the project compiles with when the tsconfig leaves them unset.
 */
function checkLikeTypeScript5(project: Project): void {
  const options = project.getCompilerOptions();
  if (options.strict === undefined) project.compilerOptions.set({ strict: false });
  if (options.types === undefined) project.compilerOptions.set({ types: ['*'] });
}

/** Loads the project of `tsconfigPath` (absolute, or relative to the working directory). */
export function loadProject(tsconfigPath: string): Project {
  const project = new Project({
    tsConfigFilePath: tsconfigPath,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: { skipLibCheck: true, noEmit: true, declaration: false, sourceMap: false },
  });
  resolveLikeTypeScript5(project);
  checkLikeTypeScript5(project);
  // Files come last: ts-morph parses every file it holds again when an option changes.
  project.addSourceFilesFromTsConfig(tsconfigPath);
  return project;
}
