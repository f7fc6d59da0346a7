/**
 * The `LedgerService` registry with the manifest codegen writes for it, generated in-process, so
 * the programmatic tool calling tests see the output schemas a user's build gives.
 */
import { join } from 'node:path';
import { codegenManifest } from '../../../test/codegenManifest';
import type { ToolManifest } from '../../manifest/types';
import { ToolRegistry } from '../../registry/ToolRegistry';
import { LedgerService } from './LedgerService';

/** The manifest of `LedgerService.ts`, as `toolwright codegen` would write it. */
export function ledgerManifest(): ToolManifest {
  return codegenManifest(join(__dirname, 'LedgerService.ts'));
}

/** A fresh `LedgerService` and its registry, joined with the generated manifest. */
export function createLedgerRegistry(): { ledger: LedgerService; registry: ToolRegistry } {
  const ledger = new LedgerService();
  const registry = new ToolRegistry({ manifest: ledgerManifest() }).register(ledger);
  return { ledger, registry };
}
