/**
 * The manifest `toolwright codegen` writes for one source file, generated in-process (ts-morph on
 * the repository's tsconfig; test/cachedCodegen.ts keeps it on disk until an input changes) and
 * kept per file, so a test's registry carries the output schemas and options a user's build
 * gives. A file codegen reports any problem in fails loudly.
 */
import type { ToolManifest } from '../src/manifest/types';
import { cachedCodegen } from './cachedCodegen';

const cache = new Map<string, ToolManifest>();

/** The manifest of the tools in `file` (an absolute path). */
export function codegenManifest(file: string): ToolManifest {
  const cached = cache.get(file);
  if (cached) return cached;
  const { manifest, diagnostics } = cachedCodegen([file], {}, { scanImports: false });
  if (diagnostics.length) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  cache.set(file, manifest);
  return manifest;
}
