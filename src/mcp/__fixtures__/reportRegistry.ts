/**
 * The `ReportService` registry with the manifest codegen writes for it, generated in-process
 * (ts-morph on the repository's tsconfig), so the MCP tests see real output schemas.
 */
import { join } from 'node:path';
import { codegenManifest } from '../../../test/codegenManifest';
import type { ToolManifest } from '../../manifest/types';
import { ToolRegistry } from '../../registry/ToolRegistry';
import type { ToolRegistryOptions } from '../../registry/types';
import { ReportService } from './ReportService';

/** The manifest of `ReportService.ts`, as `toolwright codegen` would write it. */
export function reportManifest(): ToolManifest {
  return codegenManifest(join(__dirname, 'ReportService.ts'));
}

/** A fresh registry of `ReportService`, joined with its generated manifest. */
export function createReportRegistry(options: Omit<ToolRegistryOptions, 'manifest'> = {}) {
  return new ToolRegistry({ ...options, manifest: reportManifest() }).register(new ReportService());
}
