/**
 * Codegen benchmark (issues 3 and 10): on a generated project of 100 files × 10 tools, cold
 * `toolwright codegen` as a whole process against the `tsc --noEmit` process on the same
 * project (target ≤ 0.8×), the in-process extraction against the TypeScript API's type-check,
 * and the time from a file edit to the rewritten manifest in `--watch`. Each side runs in a
 * fresh process, alternately (after one unmeasured run each), five times; the medians count. CPU time is reported beside wall
 * time because a loaded machine makes wall time noisy. The CLI is built first when `dist/` is
 * missing or older than the codegen sources.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult } from '../types';
import { generateProject } from './generateProject';

const REPO = join(__dirname, '..', '..');
const FILES = 100;
const TOOLS_PER_FILE = 10;
const RUNS = 5;

function child<T>(...args: string[]): T {
  const output = execFileSync(
    process.execPath,
    [
      '-r',
      require.resolve('ts-node/register/transpile-only'),
      join(__dirname, 'measure.ts'),
      ...args,
    ],
    {
      cwd: REPO,
      encoding: 'utf8',
      env: { ...process.env, TS_NODE_PROJECT: join(REPO, 'tsconfig.json') },
    },
  );
  return JSON.parse(output.trim().split('\n').pop()!) as T;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const ms = (value: number): number => Math.round(value);

/** Wall time of a whole process (startup and module loading included). */
function processMs(args: string[]): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: REPO, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed: ${run.stderr}`);
  return performance.now() - started;
}

/** The newest modification time of the `.ts` files under `dir`. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the CLI (`npm run build`) when `dist/` is missing or older than the sources. */
function ensureBuilt(): void {
  const cli = join(REPO, 'dist', 'codegen', 'cli.js');
  const built = existsSync(cli) ? statSync(cli).mtimeMs : 0;
  const sources = Math.max(newestSource(join(REPO, 'codegen')), newestSource(join(REPO, 'src')));
  if (built >= sources) return;
  execFileSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', join(REPO, 'tsconfig.build.json')],
    { cwd: REPO, stdio: 'inherit' },
  );
}

/**
 * `toolwright codegen` (the built CLI) against `tsc --noEmit`, whole processes, side by side.
 * Each side runs once unmeasured first (the file cache), then the pairs alternate which side
 * goes first, so a machine that speeds up or slows down during the run favours neither.
 */
function processFigures(tsconfig: string, out: string) {
  ensureBuilt();
  const runTsc = () =>
    processMs([require.resolve('typescript/bin/tsc'), '--noEmit', '-p', tsconfig]);
  const runCli = () =>
    processMs([join(REPO, 'bin', 'toolwright.js'), 'codegen', '-p', tsconfig, '-o', out]);
  runTsc();
  runCli();
  const cli: number[] = [];
  const tsc: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (i % 2 === 0) {
      tsc.push(runTsc());
      cli.push(runCli());
    } else {
      cli.push(runCli());
      tsc.push(runTsc());
    }
  }
  const ratio = median(cli) / median(tsc);
  return {
    ratio,
    figures: {
      'toolwright codegen process ms (median of 5)': ms(median(cli)),
      'tsc --noEmit process ms (median of 5)': ms(median(tsc)),
      'toolwright codegen process ms (all)': cli.map(ms).join(' '),
      'tsc --noEmit process ms (all)': tsc.map(ms).join(' '),
      'process ratio': Number(ratio.toFixed(2)),
    },
  };
}

interface Timing {
  wallMs: number;
  cpuMs: number;
}
interface WatchFigures {
  toolEdits: { latencyMs: number; updateMs: number }[];
  sharedEdits: { latencyMs: number; updateMs: number }[];
}

/** Runs the benchmark. */
export async function run(): Promise<BenchResult[]> {
  const root = join(REPO, '.bench-tmp', 'codegen');
  const tsconfig = generateProject(root, {
    files: FILES,
    toolsPerFile: TOOLS_PER_FILE,
    nodeModules: join(REPO, 'node_modules'),
    toolwright: REPO,
  });
  const processes = processFigures(tsconfig, join(root, 'out', 'tools.manifest.ts'));
  const tsc: Timing[] = [];
  const codegen: (Timing & { tools: number })[] = [];
  for (let i = 0; i < RUNS; i++) {
    tsc.push(child<Timing>('tsc', tsconfig));
    codegen.push(child<Timing & { tools: number }>('codegen', tsconfig));
  }
  const ratioWall = median(codegen.map((c) => c.wallMs)) / median(tsc.map((t) => t.wallMs));
  const ratioCpu = median(codegen.map((c) => c.cpuMs)) / median(tsc.map((t) => t.cpuMs));
  // The watched manifest goes where codegen puts it by default, inside the project; it is removed
  // after, so the project measured by hand later is the one the processes above measured.
  const watchedManifest = join(root, 'src', 'tools.manifest.ts');
  const watch = child<WatchFigures>('watch', tsconfig, watchedManifest);
  rmSync(watchedManifest, { force: true });
  const toolLatency = watch.toolEdits.map((e) => e.latencyMs);
  const sharedLatency = watch.sharedEdits.map((e) => e.latencyMs);
  return [
    {
      name: `cold toolwright codegen process vs tsc --noEmit process (${FILES} files × ${TOOLS_PER_FILE} tools)`,
      figures: { tools: codegen[0]!.tools, ...processes.figures },
      target: 'codegen ≤ 0.8× tsc --noEmit (whole processes, medians of 5)',
      ok: processes.ratio <= 0.8,
    },
    {
      name: `codegen in-process vs the TypeScript API type-check (${FILES} files × ${TOOLS_PER_FILE} tools)`,
      figures: {
        tools: codegen[0]!.tools,
        'codegen wall ms (median)': ms(median(codegen.map((c) => c.wallMs))),
        'tsc --noEmit wall ms (median)': ms(median(tsc.map((t) => t.wallMs))),
        'codegen cpu ms (median)': ms(median(codegen.map((c) => c.cpuMs))),
        'tsc --noEmit cpu ms (median)': ms(median(tsc.map((t) => t.cpuMs))),
        'codegen cpu ms (min)': ms(Math.min(...codegen.map((c) => c.cpuMs))),
        'tsc --noEmit cpu ms (min)': ms(Math.min(...tsc.map((t) => t.cpuMs))),
        'ratio wall': Number(ratioWall.toFixed(2)),
        'ratio cpu': Number(ratioCpu.toFixed(2)),
      },
      target: 'codegen ≤ 1.0× tsc --noEmit',
      ok: ratioCpu <= 1 && ratioWall <= 1,
    },
    {
      name: 'codegen --watch: file edit → manifest rewritten',
      figures: {
        'tool file edit ms (median)': ms(median(toolLatency)),
        'tool file edit ms (max)': ms(Math.max(...toolLatency)),
        'tool file update compute ms (median)': ms(median(watch.toolEdits.map((e) => e.updateMs))),
        'shared type edit, 110 tools affected, ms (median)': ms(median(sharedLatency)),
      },
      target: 'watch update < 300 ms',
      ok: median(toolLatency) < 300,
    },
  ];
}

if (require.main === module) {
  void run().then((results) => {
    for (const result of results) {
      console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name} (target: ${result.target})`);
      for (const [key, value] of Object.entries(result.figures))
        console.log(`     ${key}: ${value}`);
    }
  });
}
