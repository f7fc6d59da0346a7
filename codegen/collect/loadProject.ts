/**
 * Opens a tsconfig as one ts-morph `Project`, set up for reading rather than compiling: no lib
 * checks, no emit, and no eager walk of dependencies (the program resolves what it needs). The
 * library API and `--watch` use it; the cold CLI run reads the same program without ts-morph
 * (`loadProgram`).
 */
import { Project } from 'ts-morph';
import {
  checkLikeTypeScript5,
  READING_OPTIONS,
  resolveLikeTypeScript5,
} from './codegenCompilerOptions';
import { parseTsconfig } from './loadProgram';

/**
 * Loads the project of `tsconfigPath` (absolute, or relative to the working directory).
 * @example
 * const { manifest, diagnostics } = runCodegen(loadProject('tsconfig.json'));
 */
export function loadProject(tsconfigPath: string): Project {
  // Fails where ts-morph would go on without a tsconfig's `extends` (see parseTsconfig).
  parseTsconfig(tsconfigPath);
  const project = new Project({
    tsConfigFilePath: tsconfigPath,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: { ...READING_OPTIONS },
  });
  project.compilerOptions.set(resolveLikeTypeScript5(project.getCompilerOptions()));
  project.compilerOptions.set(checkLikeTypeScript5(project.getCompilerOptions()));
  // Files come last: ts-morph parses every file it holds again when an option changes.
  project.addSourceFilesFromTsConfig(tsconfigPath);
  return project;
}
