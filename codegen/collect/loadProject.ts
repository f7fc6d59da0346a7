/**
 * Opens a tsconfig as one ts-morph `Project`, set up for reading rather than compiling: no lib
 * checks, no emit, and no eager walk of dependencies (the program resolves what it needs). The
 * library API uses it, and `--watch` (its lean variant first, as the cold run does, see
 * `leanProgram`). Both take the tsconfig from `parseTsconfig`, read once.
 */
import { Project } from 'ts-morph';
import type { ResolutionHostFactory } from 'ts-morph';
import { ts } from '../typescript';
import { leanOptions, surfaceResolver } from './leanProgram';
import { parseTsconfig } from './loadProgram';
import type { ParsedTsconfig } from './ParsedTsconfig';

function projectOf(
  { fileNames }: ParsedTsconfig,
  compilerOptions: ts.CompilerOptions,
  resolutionHost?: ResolutionHostFactory,
): Project {
  // Options first, files last: ts-morph parses every file it holds again when an option changes.
  const project = new Project({
    compilerOptions,
    skipFileDependencyResolution: true,
    ...(resolutionHost ? { resolutionHost } : {}),
  });
  for (const fileName of fileNames) project.addSourceFileAtPath(fileName);
  return project;
}

/**
 * Loads the project of `tsconfigPath` (absolute, or relative to the working directory).
 * @example
 * const { manifest, diagnostics } = runCodegen(loadProject('tsconfig.json'));
 */
export function loadProject(tsconfigPath: string): Project {
  const parsed = parseTsconfig(tsconfigPath);
  return projectOf(parsed, parsed.options);
}

/** The module specifier of an import or export of `name` in `file`, to read its resolution mode. */
function literalOf(file: ts.SourceFile | undefined, name: string): ts.StringLiteral | undefined {
  for (const statement of file?.statements ?? []) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (specifier && ts.isStringLiteral(specifier) && specifier.text === name) return specifier;
  }
  return undefined;
}

/** ts-morph's resolution, with `toolwright` resolved to its surface. */
const surfaceResolution: ResolutionHostFactory = (host, getCompilerOptions) => {
  const resolve = surfaceResolver(host, getCompilerOptions(), ts.sys.getCurrentDirectory());
  return {
    resolveModuleNames: (names, containingFile, _reused, redirected, options, containing) =>
      names.map((name) => {
        const literal = literalOf(containing, name);
        const mode =
          literal && containing && ts.getModeForUsageLocation(containing, literal, options);
        return resolve(name, containingFile, options, redirected, mode).resolvedModule;
      }),
  };
};

/**
 * The lean project of `tsconfigPath` (see `leanProgram`), and how to load the full one.
 * @example
 * const { lean, full } = loadLeanProject('tsconfig.json');
 */
export function loadLeanProject(tsconfigPath: string): { lean: Project; full(): Project } {
  const parsed = parseTsconfig(tsconfigPath);
  return {
    lean: projectOf(parsed, leanOptions(parsed), surfaceResolution),
    full: () => loadProject(tsconfigPath),
  };
}
