/**
 * The manifest `toolwright codegen` writes for one source file, generated in-process (ts-morph on
 * the repository's tsconfig) and kept per file, so a test's registry carries the output schemas
 * and options a user's build gives. A file codegen reports any problem in fails loudly.
 */
import { join } from 'node:path';
import { Project } from 'ts-morph';
import { runCodegen } from '../codegen/runCodegen';
import type { ToolManifest } from '../src/manifest/types';

const ROOT = join(__dirname, '..');

const cache = new Map<string, ToolManifest>();

/** The manifest of the tools in `file` (an absolute path). */
export function codegenManifest(file: string): ToolManifest {
  const cached = cache.get(file);
  if (cached) return cached;
  const project = new Project({
    tsConfigFilePath: join(ROOT, 'tsconfig.json'),
    skipAddingFilesFromTsConfig: true,
  });
  project.addSourceFileAtPath(file);
  const { manifest, diagnostics } = runCodegen(project);
  if (diagnostics.length) throw new Error(diagnostics.map((d) => d.message).join('\n'));
  cache.set(file, manifest);
  return manifest;
}
