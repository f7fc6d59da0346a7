/**
 * Opens a tsconfig as one ts-morph `Project`, set up for reading rather than compiling: no lib
 * checks, no emit, and no eager walk of dependencies (the program resolves what it needs).
 */
import { Project } from 'ts-morph';

/** Loads the project of `tsconfigPath` (absolute, or relative to the working directory). */
export function loadProject(tsconfigPath: string): Project {
  return new Project({
    tsConfigFilePath: tsconfigPath,
    skipFileDependencyResolution: true,
    compilerOptions: { skipLibCheck: true, noEmit: true, declaration: false, sourceMap: false },
  });
}
