/**
 * What the codegen and show subcommands share: finding the tsconfig, loading it (as a plain
 * program for one run, as a ts-morph project for `--watch`), and printing diagnostics (relative
 * paths, colour per the io, a summary count).
 */
import { existsSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { CodegenDiagnostic } from '../diagnostics';
import { formatDiagnostic, formatSummary } from '../emit/formatDiagnostic';
import type { CliIo } from './io';

/** What `load` made of the tsconfig, or the usage error that prevented it. */
export type Loaded<T> = { ok: true; loaded: T; tsconfig: string } | { ok: false; error: string };

/**
 * Loads `-p` (default `tsconfig.json` in the working directory) with `load` (`loadProgram` or
 * `loadProject`); a missing or unreadable tsconfig is a usage error naming it.
 */
export function openProject<T>(
  project: string | true | undefined,
  io: CliIo,
  load: (tsconfig: string) => T,
): Loaded<T> {
  const tsconfig = resolve(io.cwd, typeof project === 'string' ? project : 'tsconfig.json');
  if (!existsSync(tsconfig))
    return { ok: false, error: `cannot find ${tsconfig}; pass -p path/to/tsconfig.json` };
  try {
    return { ok: true, loaded: load(tsconfig), tsconfig };
  } catch (error) {
    return { ok: false, error: `cannot load ${tsconfig}: ${(error as Error).message}` };
  }
}

/** A path as the user should read it: relative to the working directory when inside it. */
export function displayPath(path: string, io: CliIo): string {
  const shown = relative(io.cwd, path);
  return !shown || shown.startsWith('..') ? path : shown.split(sep).join('/');
}

/** Prints every diagnostic and the summary to stderr; returns whether any was an error. */
export function printDiagnostics(diagnostics: readonly CodegenDiagnostic[], io: CliIo): boolean {
  for (const diagnostic of diagnostics) {
    io.stderr(`${formatDiagnostic(diagnostic, displayPath(diagnostic.file, io), io.color)}\n`);
  }
  const summary = formatSummary(diagnostics);
  if (summary) io.stderr(`${summary}\n`);
  return diagnostics.some((d) => d.severity === 'error');
}
