/**
 * Joins what the files contributed into one manifest: tools in source order (file, line,
 * column), a tool name declared twice reported, and the diagnostics sorted with duplicates
 * removed (a type file used by several tool files reports its errors once).
 */
import { MANIFEST_VERSION } from '../src/manifest/types';
import type { ManifestTool, ToolManifest } from '../src/manifest/types';
import type { ValidationPipeOptions } from '../src/validation/pipeOptions';
import { compareDiagnostics } from './diagnostics';
import type { CodegenDiagnostic } from './diagnostics';
import type { FileExtraction } from './extractToolFile';

/** What a run produces: the manifest, and every problem found (errors and warnings). */
export interface CodegenResult {
  /** The manifest of the tools read without error. */
  manifest: ToolManifest;
  /** Every problem found, errors and warnings. */
  diagnostics: CodegenDiagnostic[];
}

interface Entry {
  tool: ManifestTool;
  file: string;
  column: number;
}

const compareEntries = (a: Entry, b: Entry): number =>
  (a.tool.target.file < b.tool.target.file
    ? -1
    : a.tool.target.file > b.tool.target.file
      ? 1
      : 0) ||
  a.tool.target.line - b.tool.target.line ||
  a.column - b.column;

const place = (e: Entry): string =>
  `${e.tool.target.file}:${e.tool.target.line} (${e.tool.target.class}.${e.tool.target.method})`;

/** TW107 for every tool whose name an earlier tool (in source order) already has. */
function duplicateNames(entries: readonly Entry[]): CodegenDiagnostic[] {
  const seen = new Map<string, Entry>();
  const out: CodegenDiagnostic[] = [];
  for (const entry of entries) {
    const first = seen.get(entry.tool.name);
    if (!first) {
      seen.set(entry.tool.name, entry);
      continue;
    }
    // One class's tools always share a registry; two classes' tools only may (register() checks).
    const sameClass = first.tool.target.class === entry.tool.target.class;
    out.push({
      file: entry.file,
      line: entry.tool.target.line,
      column: entry.column,
      code: 'TW107',
      severity: sameClass ? 'error' : 'warning',
      message: `tool name "${entry.tool.name}" is declared twice: ${place(first)} and ${place(entry)}; ${
        sameClass ? 'rename one' : 'one registry cannot hold both, so rename one'
      } with @Tool({ name })`,
    });
  }
  return out;
}

/** The manifest and diagnostics of `files` (by file name). */
export function assembleManifest(
  files: Iterable<[string, FileExtraction]>,
  validation?: ValidationPipeOptions,
): CodegenResult {
  const entries: Entry[] = [];
  const diagnostics: CodegenDiagnostic[] = [];
  for (const [file, extraction] of files) {
    for (const { tool, column } of extraction.tools) entries.push({ tool, file, column });
    diagnostics.push(...extraction.diagnostics);
  }
  entries.sort(compareEntries);
  diagnostics.push(...duplicateNames(entries));
  diagnostics.sort(compareDiagnostics);
  const unique = diagnostics.filter(
    (d, i) =>
      i === 0 ||
      compareDiagnostics(d, diagnostics[i - 1]!) !== 0 ||
      d.message !== diagnostics[i - 1]!.message,
  );
  return {
    manifest: {
      version: MANIFEST_VERSION,
      tools: entries.map((e) => e.tool),
      ...(validation ? { validation } : {}),
    },
    diagnostics: unique,
  };
}
