/**
 * The `LedgerService` registry with the manifest codegen writes for it, generated in-process, so
 * the programmatic tool calling tests see the output schemas a user's build gives.
 */
import { join } from 'node:path';
import { Project } from 'ts-morph';
import { runCodegen } from '../../../codegen/runCodegen';
import type { ToolManifest } from '../../manifest/types';
import { ToolRegistry } from '../../registry/ToolRegistry';
import { LedgerService } from './LedgerService';

const ROOT = join(__dirname, '..', '..', '..');

let cached: ToolManifest | undefined;

/** The manifest of `LedgerService.ts`, as `toolwright codegen` would write it. */
export function ledgerManifest(): ToolManifest {
  if (cached) return cached;
  const project = new Project({
    tsConfigFilePath: join(ROOT, 'tsconfig.json'),
    skipAddingFilesFromTsConfig: true,
  });
  project.addSourceFileAtPath(join(__dirname, 'LedgerService.ts'));
  const { manifest, diagnostics } = runCodegen(project);
  if (diagnostics.length) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  return (cached = manifest);
}

/** A fresh `LedgerService` and its registry, joined with the generated manifest. */
export function createLedgerRegistry(): { ledger: LedgerService; registry: ToolRegistry } {
  const ledger = new LedgerService();
  const registry = new ToolRegistry({ manifest: ledgerManifest() }).register(ledger);
  return { ledger, registry };
}
