/**
 * Codegen benchmark (issues 3 and 10): on a generated project of 100 files × 10 tools, the
 * in-process extraction (one thread) against the TypeScript API's type-check, and the time from
 * a file edit to the rewritten manifest in `--watch`. Each side runs in a fresh process, five
 * times; the medians count. CPU time is reported beside wall time because a loaded machine makes
 * wall time noisy. The cold `toolwright codegen` process against `tsc --noEmit` is measured in
 * plugin.bench.ts, beside the compiler plugin's figures it is weighed with (issue 34). The
 * generated project imports `toolwright` from this checkout's `dist/`, built first when missing or
 * older than the sources (a fresh clone has none: codegen then found no tool and the watch
 * waited for a manifest forever).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult } from '../types';
import { median } from '../alternate';
import { ensureBuilt, ms } from './coldProcess';
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
  ensureBuilt();
  const root = join(REPO, '.bench-tmp', 'codegen');
  const tsconfig = generateProject(root, {
    files: FILES,
    toolsPerFile: TOOLS_PER_FILE,
    nodeModules: join(REPO, 'node_modules'),
    toolwright: REPO,
  });
  const tsc: Timing[] = [];
  const codegen: (Timing & { tools: number })[] = [];
  for (let i = 0; i < RUNS; i++) {
    tsc.push(child<Timing>('tsc', tsconfig));
    codegen.push(child<Timing & { tools: number }>('codegen', tsconfig));
  }
  const expected = FILES * TOOLS_PER_FILE;
  if (codegen[0]!.tools !== expected)
    throw new Error(
      `codegen found ${codegen[0]!.tools} tools in the generated project, not ${expected}`,
    );
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
