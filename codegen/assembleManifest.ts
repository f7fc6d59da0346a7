/**
 * Joins what the files contributed into one manifest: tools in source order (file, line,
 * column), a tool name declared twice an error (the second left out), and the diagnostics sorted with duplicates
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

/**
 * TW107, an error, for every tool whose name an earlier tool (in source order) already has: at
 * the second declaration, naming the first. One registry holds the tools of every class, so two
 * classes may not share a name either. The duplicate is left out of the manifest (it holds the
 * tools read without error), so a manifest rendered anyway never declares a name twice.
 */
function duplicateNames(entries: readonly Entry[]): { kept: Entry[]; out: CodegenDiagnostic[] } {
  const seen = new Map<string, Entry>();
  const out: CodegenDiagnostic[] = [];
  for (const entry of entries) {
    const first = seen.get(entry.tool.name);
    if (!first) {
      seen.set(entry.tool.name, entry);
      continue;
    }
    out.push({
      file: entry.file,
      line: entry.tool.target.line,
      column: entry.column,
      code: 'TW107',
      severity: 'error',
      message: `tool name "${entry.tool.name}" is declared twice: ${place(first)} and ${place(entry)}; one registry cannot hold both, so rename one with @Tool({ name })`,
    });
  }
  return { kept: [...seen.values()], out };
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
  const { kept, out: duplicates } = duplicateNames(entries);
  diagnostics.push(...duplicates);
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
      tools: kept.map((e) => e.tool),
      ...(validation ? { validation } : {}),
    },
    diagnostics: unique,
  };
}
