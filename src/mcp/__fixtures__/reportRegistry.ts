/**
 * The `ReportService` registry with the manifest codegen writes for it, generated in-process
 * (ts-morph on the repository's tsconfig), so the MCP tests see real output schemas.
 */
import { join } from 'node:path';
import { Project } from 'ts-morph';
import { runCodegen } from '../../../codegen/runCodegen';
import type { ToolManifest } from '../../manifest/types';
import { ToolRegistry } from '../../registry/ToolRegistry';
import type { ToolRegistryOptions } from '../../registry/types';
import { ReportService } from './ReportService';

const ROOT = join(__dirname, '..', '..', '..');

let cached: ToolManifest | undefined;

/** The manifest of `ReportService.ts`, as `toolwright codegen` would write it. */
export function reportManifest(): ToolManifest {
  if (cached) return cached;
  const project = new Project({
    tsConfigFilePath: join(ROOT, 'tsconfig.json'),
    skipAddingFilesFromTsConfig: true,
  });
  project.addSourceFileAtPath(join(__dirname, 'ReportService.ts'));
  const { manifest, diagnostics } = runCodegen(project);
  if (diagnostics.length) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return (cached = manifest);
}

/** A fresh registry of `ReportService`, joined with its generated manifest. */
export function createReportRegistry(options: Omit<ToolRegistryOptions, 'manifest'> = {}) {
  return new ToolRegistry({ ...options, manifest: reportManifest() }).register(new ReportService());
}
