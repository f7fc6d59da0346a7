/**
 * Opens a tsconfig as one ts-morph `Project`, set up for reading rather than compiling: no lib
 * checks, no emit, and no eager walk of dependencies (the program resolves what it needs). The
 * library API and `--watch` use it; the cold CLI run reads the same program without ts-morph
 * (`loadProgram`). Both take the tsconfig from `parseTsconfig`, read once.
 */
import { Project } from 'ts-morph';
import { parseTsconfig } from './loadProgram';

/**
 * Loads the project of `tsconfigPath` (absolute, or relative to the working directory).
 * @example
 * const { manifest, diagnostics } = runCodegen(loadProject('tsconfig.json'));
 */
export function loadProject(tsconfigPath: string): Project {
  const { fileNames, options } = parseTsconfig(tsconfigPath);
  // Options first, files last: ts-morph parses every file it holds again when an option changes.
  const project = new Project({ compilerOptions: options, skipFileDependencyResolution: true });
  for (const fileName of fileNames) project.addSourceFileAtPath(fileName);
  return project;
}
