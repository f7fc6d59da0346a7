/**
 * The manifest codegen writes for `JobMatrixService.ts`, generated in-process, so that both the
 * test's registry and the worker's see the declared output schemas a user's build would give.
 */
import { join } from 'node:path';
import { codegenManifest } from '../../../test/codegenManifest';
import type { ToolManifest } from '../../manifest/types';

/** The manifest of `JobMatrixService.ts`, as `toolwright codegen` would write it. */
export function jobMatrixManifest(): ToolManifest {
  return codegenManifest(join(__dirname, 'JobMatrixService.ts'));
}
