/**
 * The `WideService` registry with the manifest codegen writes for it, generated in-process, so
 * the shaping tests see the output schemas a user's build would give.
 */
import { join } from 'node:path';
import { Project } from 'ts-morph';
import { runCodegen } from '../../../codegen/runCodegen';
import type { ToolManifest } from '../../manifest/types';
import { ToolRegistry } from '../../registry/ToolRegistry';
import type { ToolRegistryOptions } from '../../registry/types';
import { WideService } from './WideService';

const ROOT = join(__dirname, '..', '..', '..');

let cached: ToolManifest | undefined;

/** The manifest of `WideService.ts`, as `toolwright codegen` would write it. */
export function wideManifest(): ToolManifest {
  if (cached) return cached;
  const project = new Project({
    tsConfigFilePath: join(ROOT, 'tsconfig.json'),
    skipAddingFilesFromTsConfig: true,
  });
  project.addSourceFileAtPath(join(__dirname, 'WideService.ts'));
  const { manifest, diagnostics } = runCodegen(project);
  if (diagnostics.length) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return (cached = manifest);
}

/** A fresh registry of `WideService`, joined with its generated manifest. */
export function createWideRegistry(options: Omit<ToolRegistryOptions, 'manifest'> = {}) {
  return new ToolRegistry({ ...options, manifest: wideManifest() }).register(new WideService());
}
