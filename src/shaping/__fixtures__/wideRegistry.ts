/**
 * The `WideService` registry with the manifest codegen writes for it, generated in-process, so
 * the shaping tests see the output schemas a user's build would give.
 */
import { join } from 'node:path';
import { codegenManifest } from '../../../test/codegenManifest';
import type { ToolManifest } from '../../manifest/types';
import { ToolRegistry } from '../../registry/ToolRegistry';
import type { ToolRegistryOptions } from '../../registry/types';
import { WideService } from './WideService';

/** The manifest of `WideService.ts`, as `toolwright codegen` would write it. */
export function wideManifest(): ToolManifest {
  return codegenManifest(join(__dirname, 'WideService.ts'));
}

/** A fresh registry of `WideService`, joined with its generated manifest. */
export function createWideRegistry(options: Omit<ToolRegistryOptions, 'manifest'> = {}) {
  return new ToolRegistry({ ...options, manifest: wideManifest() }).register(new WideService());
}
