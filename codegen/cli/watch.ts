/**
 * `toolwright codegen --watch`: one loaded project for the whole session. Each directory that
 * holds project sources is watched (not recursively, so `node_modules` costs nothing); a change
 * refreshes the changed files and re-extracts the tool files they affect, and the manifest is
 * rewritten only when its bytes change.
 */
import { watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { CodegenResult } from '../assembleManifest';
import type { CodegenSession } from '../CodegenSession';
import type { CliIo } from './io';
import { displayPath, printDiagnostics } from './common';
import { writeManifest } from './writeManifest';

/** What one update did, for callers that measure it (the benchmark). */
export interface WatchUpdate {
  changed: string[];
  wrote: boolean;
  tools: number;
  errors: number;
  milliseconds: number;
}

/** What the watch drives: a `CodegenSession`, or the lean one that falls back to the full project. */
export type WatchSession = Pick<
  CodegenSession,
  'run' | 'update' | 'sourceFileNames' | 'trackDependencies'
>;

/** How to watch. */
export interface WatchOptions {
  session: WatchSession;
  out: string;
  io: CliIo;
  /** Called after every update (the initial run included). */
  onUpdate?: (update: WatchUpdate) => void;
  /** Milliseconds to gather the events of one save before updating (default 10). */
  debounceMs?: number;
}

/** A running watch. */
export interface Watcher {
  close(): void;
  /** Settles with the exit code when closed. */
  closed: Promise<number>;
}

const SOURCE = /\.(c|m)?tsx?$/;

/** Runs once, writes, then keeps the manifest current until `close()`. */
export function startWatch(options: WatchOptions): Watcher {
  const { session, io } = options;
  const out = resolve(options.out);
  const watchers = new Map<string, FSWatcher>();
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Whether the last update had errors: a fix that leaves the manifest as it was says so. */
  let hadErrors = false;
  let settle: (code: number) => void = () => undefined;
  const closed = new Promise<number>((done) => (settle = done));

  const apply = (changed: string[], produce: () => CodegenResult): void => {
    const started = performance.now();
    let result: CodegenResult;
    try {
      result = produce();
    } catch (error) {
      io.stderr(`toolwright codegen: update failed: ${(error as Error).message}\n`);
      return;
    }
    const hasErrors = printDiagnostics(result.diagnostics, io);
    const wrote = !hasErrors && writeManifest(result.manifest, out);
    const milliseconds = performance.now() - started;
    const count = result.manifest.tools.length;
    if (hasErrors) io.stderr('Manifest not updated: fix the errors above.\n');
    else if (wrote)
      io.stderr(
        `Wrote ${displayPath(out, io)} (${count} tools) in ${Math.round(milliseconds)} ms.\n`,
      );
    else if (hadErrors)
      io.stderr(`Errors fixed; ${displayPath(out, io)} is unchanged (${count} tools).\n`);
    hadErrors = hasErrors;
    options.onUpdate?.({
      changed,
      wrote,
      tools: count,
      errors: result.diagnostics.filter((d) => d.severity === 'error').length,
      milliseconds,
    });
    watchDirectories();
  };

  const flush = (): void => {
    timer = undefined;
    const changed = [...pending];
    pending.clear();
    if (changed.length) apply(changed, () => session.update(changed));
  };

  const onEvent = (directory: string) => (_event: string, filename: string | Buffer | null) => {
    if (!filename) return;
    const path = join(directory, filename.toString());
    if (!SOURCE.test(path) || path === out) return;
    pending.add(path.split('\\').join('/'));
    if (!timer) timer = setTimeout(flush, options.debounceMs ?? 10);
  };

  function watchDirectories(): void {
    for (const file of session.sourceFileNames()) {
      const directory = dirname(file);
      if (watchers.has(directory)) continue;
      try {
        watchers.set(directory, watch(directory, onEvent(directory)));
      } catch {
        io.stderr(`toolwright codegen: cannot watch ${directory}\n`);
      }
    }
  }

  const close = (): void => {
    if (timer) clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
    watchers.clear();
    settle(0);
  };

  apply([], () => session.run());
  session.trackDependencies();
  io.stderr(
    `Watching ${watchers.size} director${watchers.size === 1 ? 'y' : 'ies'} for changes.\n`,
  );
  return { close, closed };
}

/** `--watch` from the CLI: runs until the io's signal aborts (Ctrl-C). */
export function watchCodegen(options: WatchOptions): Promise<number> {
  const watcher = startWatch(options);
  const { signal } = options.io;
  if (signal?.aborted) watcher.close();
  else signal?.addEventListener('abort', () => watcher.close(), { once: true });
  return watcher.closed;
}
