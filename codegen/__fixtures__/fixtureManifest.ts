/**
 * Test helper: the manifest codegen gives for on-disk fixture files, read with the repository's
 * tsconfig as the codegen suites read them (test/cachedCodegen.ts: kept on disk until an input
 * changes, and otherwise one ts-morph project per suite for every call).
 */
import { join } from 'node:path';
import type { ToolManifest } from '../../src/manifest/types';
import { cachedCodegen } from '../../test/cachedCodegen';

const REPO = join(__dirname, '..', '..');

/**
 * The manifest of `files` (paths under codegen/__fixtures__).
 * @example
 * const { tools } = fixtureManifest(['realworld/RealWorldService.ts']);
 */
export function fixtureManifest(files: string[]): ToolManifest {
  return cachedCodegen(
    files.map((file) => join(__dirname, file)),
    { rootDir: REPO },
  ).manifest;
}
