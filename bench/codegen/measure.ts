/**
 * One measurement of the codegen benchmark, run in its own process so each side starts cold:
 * `tsc <tsconfig>` (the TypeScript API doing what `tsc --noEmit` does), `codegen <tsconfig>`
 * (load + extract + render, as the one-shot CLI does), `watch <tsconfig> <out>` (edit files,
 * time until the manifest is rewritten). Prints one JSON line of figures; module loading is
 * outside the timed part.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as typescript from 'typescript';
import { CodegenSession } from '../../codegen/CodegenSession';
import { openPrograms } from '../../codegen/collect/loadProgram';
import { loadLeanProject } from '../../codegen/collect/loadProject';
import { renderManifest } from '../../codegen/emit/renderManifest';
import { runColdCodegen } from '../../codegen/runProgram';
import { LeanWatchSession } from '../../codegen/cli/leanWatchSession';
import { startWatch } from '../../codegen/cli/watch';
import type { WatchUpdate } from '../../codegen/cli/watch';

const cpuMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

function timed<T>(work: () => T): { result: T; wallMs: number; cpuMs: number } {
  const wall = performance.now();
  const cpu = cpuMs();
  const result = work();
  return { result, wallMs: performance.now() - wall, cpuMs: cpuMs() - cpu };
}

function tsc(tsconfig: string): object {
  const { result, wallMs, cpuMs } = timed(() => {
    const config = typescript.getParsedCommandLineOfConfigFile(
      tsconfig,
      { noEmit: true },
      {
        ...typescript.sys,
        onUnRecoverableConfigFileDiagnostic: () => undefined,
      },
    );
    if (!config) throw new Error(`cannot read ${tsconfig}`);
    const program = typescript.createProgram({
      rootNames: config.fileNames,
      options: config.options,
    });
    return typescript.getPreEmitDiagnostics(program).length;
  });
  return { wallMs, cpuMs, diagnostics: result };
}

function codegen(tsconfig: string): object {
  const { result, wallMs, cpuMs } = timed(() => {
    // What the one-shot CLI runs (the watch figures below use the incremental session).
    const { manifest, diagnostics } = runColdCodegen(openPrograms(tsconfig));
    renderManifest(manifest, 'tools.manifest.ts');
    return { tools: manifest.tools.length, diagnostics: diagnostics.length };
  });
  return { wallMs, cpuMs, ...result };
}

/** How long the watch may take to rewrite the manifest after an edit before the bench fails. */
const LIMIT_MS = 60_000;

async function watch(tsconfig: string, out: string): Promise<object> {
  const root = join(tsconfig, '..');
  let resolveWrite: ((update: WatchUpdate) => void) | undefined;
  const { lean, full } = loadLeanProject(tsconfig);
  const watcher = startWatch({
    // What `--watch` runs: the lean project, the full one when a tool needs it.
    session: new LeanWatchSession(new CodegenSession(lean), () => new CodegenSession(full())),
    out,
    io: { stdout: () => undefined, stderr: () => undefined, cwd: root, color: false },
    onUpdate: (update) => {
      if (update.wrote) resolveWrite?.(update);
    },
  });
  const edit = async (file: string, from: string, to: string) => {
    const path = join(root, 'src', file);
    const text = readFileSync(path, 'utf8');
    const written = new Promise<WatchUpdate>((resolve, reject) => {
      resolveWrite = resolve;
      const timer = setTimeout(
        () => reject(new Error(`no manifest written ${LIMIT_MS} ms after editing ${file}`)),
        LIMIT_MS,
      );
      timer.unref();
    });
    const started = performance.now();
    writeFileSync(path, text.replace(from, to));
    const update = await written;
    return { latencyMs: performance.now() - started, updateMs: update.milliseconds };
  };
  const toolEdits = [];
  for (let n = 0; n < 7; n++) {
    toolEdits.push(
      await edit(`service${50 + n}.ts`, 'does something useful', `does something useful (${n})`),
    );
  }
  const sharedEdits = [];
  for (let n = 0; n < 3; n++) {
    sharedEdits.push(await edit('shared.ts', 'total: number', `total: number; extra${n}?: string`));
  }
  watcher.close();
  return { toolEdits, sharedEdits };
}

async function measure(): Promise<void> {
  const [mode, tsconfig, out] = process.argv.slice(2);
  const figures =
    mode === 'tsc'
      ? tsc(tsconfig!)
      : mode === 'codegen'
        ? codegen(tsconfig!)
        : await watch(tsconfig!, out!);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
}

void measure();
