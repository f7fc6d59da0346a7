/**
 * Test helper: the manifest codegen gives for on-disk fixture files, read with the repository's
 * tsconfig as the codegen suites read them. One ts-morph project per suite serves every call,
 * emptied of the previous call's files (and what they imported) first, so the lib and `@types`
 * files are parsed once per suite instead of once per fixture.
 */
import { join } from 'node:path';
import { Project } from 'ts-morph';
import type { ToolManifest } from '../../src/manifest/types';
import { runCodegen } from '../runCodegen';

const REPO = join(__dirname, '..', '..');

let project: Project | undefined;

/**
 * The manifest of `files` (paths under codegen/__fixtures__).
 * @example
 * const { tools } = fixtureManifest(['realworld/RealWorldService.ts']);
 */
export function fixtureManifest(files: string[]): ToolManifest {
  project ??= new Project({
    tsConfigFilePath: join(REPO, 'tsconfig.json'),
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
  });
  for (const file of project.getSourceFiles()) project.removeSourceFile(file);
  for (const file of files) project.addSourceFileAtPath(join(__dirname, file));
  project.resolveSourceFileDependencies();
  return runCodegen(project, { rootDir: REPO }).manifest;
}
