/**
 * The manifest codegen writes for `JobMatrixService.ts`, generated in-process, so that both the
 * test's registry and the worker's see the declared output schemas a user's build would give.
 */
import { join } from 'node:path';
import { Project } from 'ts-morph';
import { runCodegen } from '../../../codegen/runCodegen';
import type { ToolManifest } from '../../manifest/types';

const ROOT = join(__dirname, '..', '..', '..');

let cached: ToolManifest | undefined;

/** The manifest of `JobMatrixService.ts`, as `toolwright codegen` would write it. */
export function jobMatrixManifest(): ToolManifest {
  if (cached) return cached;
  const project = new Project({
    tsConfigFilePath: join(ROOT, 'tsconfig.json'),
    skipAddingFilesFromTsConfig: true,
  });
  project.addSourceFileAtPath(join(__dirname, 'JobMatrixService.ts'));
  const { manifest, diagnostics } = runCodegen(project);
  if (diagnostics.length) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return (cached = manifest);
}
