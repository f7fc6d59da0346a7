/**
 * The pure codegen entry: a loaded project in, the manifest and the diagnostics out. It reads
 * no files of its own and writes nothing; the CLI does the I/O.
 */
import type { Project } from 'ts-morph';
import { CodegenSession } from './CodegenSession';
import type { CodegenResult } from './assembleManifest';
import type { CodegenOptions } from './manifestPaths';

/**
 * Extracts every `@Tool` of `project` into a manifest.
 * @example
 * const { manifest, diagnostics } = runCodegen(loadProject('tsconfig.json'));
 */
export function runCodegen(project: Project, options: CodegenOptions = {}): CodegenResult {
  return new CodegenSession(project, options).run();
}
