/**
 * Compiler plugin benchmark (issue 34), on the codegen bench's generated project (100 files ×
 * 10 tools), its three figures:
 * - the cold `toolwright codegen` process against `tsc --noEmit` on the fresh project (no
 *   manifest in it yet), target ≤ 0.6× (issue 49: met without the body-skipping scanner, which
 *   saved about 0.1 s of 2 s; issue 10's was 0.8×);
 * - `nest build` with `toolwright` in `nest-cli.json`'s plugins against `nest build` without
 *   (target ≤ 1.10×, issue 47; codegen then build was ≈ 1.6×), whole processes, medians of 7
 *   (and, beside, the median of the rounds' own ratios);
 * - the plugin on docs/build.md's recommended path for a plain `tsc` project: the project's own
 *   `tsc` patched in place by ts-patch (its persistent patch, the `prepare` script
 *   `ts-patch patch tsc.js -s`, here on a private copy of TypeScript in the generated project),
 *   with the plugin entries (the `transformProgram` entry and the other), against the unpatched
 *   `tsc` build without them (target ≤ 1.15×, issue 47), the patched `tsc` without the plugin
 *   beside them (what the patch itself costs);
 * - the same build with ts-patch's live compiler, `tspc`, against the same `tsc` build without
 *   the plugin, with `tspc` without the plugin beside them (what `tspc` itself costs: it loads
 *   `typescript.js` to patch and runs a patched copy of `tsc` without Node's compile cache);
 * - under `tspc --watch`, for edits of a tool's JSDoc, when the manifest is rewritten relative to
 *   the compiler's own emit of the edited file (target: within 100 ms after it).
 * Each comparison runs its sides alternately after one unmeasured run each (see `alternate`).
 */
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchResult } from '../types';
import { until } from '../../test/until';
import { alternate, median, medianRatio } from '../alternate';
import { coldProcessFigures, ensureBuilt, ms, processMs } from './coldProcess';
import { generateProject } from './generateProject';

const REPO = join(__dirname, '..', '..');
const FILES = Number(process.env.BENCH_PLUGIN_FILES ?? 100);
const TOOLS_PER_FILE = 10;
/** Rounds of the build comparisons: a build takes 4-5 s, and medians of 5 moved by ±0.03. */
const RUNS = 7;
const EDITS = 5;
const NEST = join(REPO, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js');
const TSPC = join(REPO, 'node_modules', 'ts-patch', 'bin', 'tspc.js');
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
const TS_PATCH = join(REPO, 'node_modules', 'ts-patch', 'bin', 'ts-patch.js');

/** docs/build.md's `tspc` plugin entries, for the generated project's manifest. */
const TSPC_PLUGINS = [
  { transform: 'toolwright/plugin', transformProgram: true, manifest: 'src/tools.manifest.ts' },
  { transform: 'toolwright/plugin', manifest: 'src/tools.manifest.ts' },
];

/** Writes `tsconfig.<name>.json`: the project's tsconfig, emitting to `out-<name>`, with `plugins`. */
function buildConfig(root: string, name: string, plugins: object[]): string {
  const compilerOptions = { outDir: `out-${name}`, ...(plugins.length > 0 && { plugins }) };
  const file = `tsconfig.${name}.json`;
  writeFileSync(join(root, file), JSON.stringify({ extends: './tsconfig.json', compilerOptions }));
  return file;
}

/** The generated project (`FILES` × `TOOLS_PER_FILE`) at `root`, emptied first. */
function benchProject(root: string): void {
  generateProject(root, {
    files: FILES,
    toolsPerFile: TOOLS_PER_FILE,
    nodeModules: join(REPO, 'node_modules'),
    toolwright: REPO,
  });
}

/**
 * A second copy of the project with a TypeScript of its own (a copy of the repository's: the
 * patch writes into it), its `tsc` patched in place as docs/build.md's `prepare` script patches
 * it; the patched `tsc`. A project apart, so the first one's `tspc` and its plugin resolve the
 * one TypeScript they share in a user's project.
 */
function patchedTsc(): { root: string; tsc: string } {
  const root = join(REPO, '.bench-tmp', 'plugin-patched');
  benchProject(root);
  const typescript = join(root, 'node_modules', 'typescript');
  cpSync(join(REPO, 'node_modules', 'typescript'), typescript, { recursive: true });
  execFileSync(process.execPath, [TS_PATCH, 'patch', 'tsc.js', '-s'], { cwd: root });
  return { root, tsc: join(typescript, 'bin', 'tsc') };
}

/**
 * Full builds, alternately: `tspc` and the patched `tsc` with the plugin, each against `tsc`
 * without it, and each without the plugin.
 */
async function tspcFigures(root: string) {
  const plugin = buildConfig(root, 'tspc-plugin', TSPC_PLUGINS);
  const plain = buildConfig(root, 'tsc-plain', []);
  const bare = buildConfig(root, 'tspc-bare', []);
  const patched = patchedTsc();
  buildConfig(patched.root, 'tspc-plugin', TSPC_PLUGINS);
  buildConfig(patched.root, 'tspc-bare', []);
  const [withPlugin, tsc, tspc, patchedWithPlugin, patchedBare] = await alternate(
    [
      () => processMs([TSPC, '-p', plugin], root),
      () => processMs([TSC, '-p', plain], root),
      () => processMs([TSPC, '-p', bare], root),
      () => processMs([patched.tsc, '-p', plugin], patched.root),
      () => processMs([patched.tsc, '-p', bare], patched.root),
    ],
    { rounds: RUNS },
  );
  return {
    ratio: median(withPlugin!) / median(tsc!),
    patchedRatio: median(patchedWithPlugin!) / median(tsc!),
    withPlugin: withPlugin!,
    tsc: tsc!,
    tspc: tspc!,
    patchedWithPlugin: patchedWithPlugin!,
    patchedBare: patchedBare!,
  };
}

/** The figures of `label` (a compiler) with the plugin and without it, against `tsc` without. */
function againstTsc(label: string, withPlugin: number[], without: number[], tsc: number[]) {
  return {
    [`${label} with plugin ms (median of ${RUNS})`]: ms(median(withPlugin)),
    [`tsc without ms (median of ${RUNS})`]: ms(median(tsc)),
    [`${label} without plugin ms (median of ${RUNS})`]: ms(median(without)),
    [`${label} with plugin ms (all)`]: withPlugin.map(ms).join(' '),
    'tsc without ms (all)': tsc.map(ms).join(' '),
    ratio: Number((median(withPlugin) / median(tsc)).toFixed(2)),
    "ratio, median of the rounds' ratios": Number(medianRatio(withPlugin, tsc).toFixed(2)),
    [`${label} without plugin / tsc`]: Number((median(without) / median(tsc)).toFixed(2)),
  };
}

/** Wall time of one `nest build` with `plugins` in nest-cli.json. */
function nestBuildMs(root: string, plugins: string[]): number {
  const nestCli = { sourceRoot: 'src', compilerOptions: { deleteOutDir: true, plugins } };
  writeFileSync(join(root, 'nest-cli.json'), JSON.stringify(nestCli, null, 2));
  return processMs([NEST, 'build'], root);
}

/** `nest build` with the plugin against without, alternately. */
async function buildFigures(root: string) {
  const [plugin, plain] = await alternate(
    [() => nestBuildMs(root, ['toolwright']), () => nestBuildMs(root, [])],
    { rounds: RUNS },
  );
  return { ratio: median(plugin!) / median(plain!), plugin: plugin!, plain: plain! };
}

/**
 * Under `tspc --watch`: edits one tool's JSDoc `EDITS` times; for each, the manifest's write time
 * minus the write time of the edited file's emitted JavaScript (negative: written before it).
 */
async function watchFigures(root: string): Promise<number[]> {
  const tsconfig = {
    extends: './tsconfig.json',
    compilerOptions: { outDir: 'out-watch', plugins: [{ transform: 'toolwright/plugin' }] },
  };
  writeFileSync(join(root, 'tsconfig.watch.json'), JSON.stringify(tsconfig, null, 2));
  const manifest = join(root, 'src', 'tools.manifest.ts');
  const service = join(root, 'src', 'service5.ts');
  const emitted = join(root, 'out-watch', 'service5.js');
  const original = readFileSync(service, 'utf8');
  const child = spawn(process.execPath, [TSPC, '-p', 'tsconfig.watch.json', '--watch'], {
    cwd: root,
    stdio: 'ignore',
  });
  const exited = new Promise((done) => child.on('exit', done));
  const deltas: number[] = [];
  try {
    await until(() => existsSync(emitted), 'the first emit', 600_000);
    for (let edit = 1; edit <= EDITS; edit++) {
      const text = `does something useful, edit ${edit}`;
      writeFileSync(service, original.replace('does something useful', text));
      await until(
        () =>
          readFileSync(manifest, 'utf8').includes(text) &&
          readFileSync(emitted, 'utf8').length > 0 &&
          statSync(emitted).mtimeMs > statSync(service).mtimeMs,
        `the manifest and the emit after edit ${edit}`,
        120_000,
      );
      deltas.push(statSync(manifest).mtimeMs - statSync(emitted).mtimeMs);
      // Let the rebuild the manifest's own write starts settle before the next edit.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    writeFileSync(service, original);
  }
  return deltas;
}

/** Runs the benchmark. */
export async function run(): Promise<BenchResult[]> {
  ensureBuilt();
  const root = join(REPO, '.bench-tmp', 'plugin');
  benchProject(root);
  const cold = await coldProcessFigures(
    join(root, 'tsconfig.json'),
    join(root, 'out', 'tools.manifest.ts'),
  );
  writeFileSync(
    join(root, 'tsconfig.build.json'),
    JSON.stringify({ extends: './tsconfig.json', compilerOptions: { outDir: 'dist' } }, null, 2),
  );
  const builds = await buildFigures(root);
  const tspc = await tspcFigures(root);
  const deltas = await watchFigures(root);
  return [
    {
      name: `cold toolwright codegen process vs tsc --noEmit process (${FILES} files × ${TOOLS_PER_FILE} tools)`,
      figures: cold.figures,
      target: 'codegen ≤ 0.6× tsc --noEmit (whole processes, medians of 5)',
      ok: cold.ratio <= 0.6,
    },
    {
      name: `nest build with toolwright/plugin vs without (${FILES} files × ${TOOLS_PER_FILE} tools)`,
      figures: {
        [`with plugin ms (median of ${RUNS})`]: ms(median(builds.plugin)),
        [`without ms (median of ${RUNS})`]: ms(median(builds.plain)),
        'with plugin ms (all)': builds.plugin.map(ms).join(' '),
        'without ms (all)': builds.plain.map(ms).join(' '),
        ratio: Number(builds.ratio.toFixed(2)),
        "ratio, median of the rounds' ratios": Number(
          medianRatio(builds.plugin, builds.plain).toFixed(2),
        ),
      },
      target: 'with the plugin ≤ 1.10× without',
      ok: builds.ratio <= 1.1,
    },
    {
      name: `tsc patched in place (ts-patch patch tsc.js, docs/build.md) with toolwright/plugin vs tsc without (${FILES} files × ${TOOLS_PER_FILE} tools)`,
      figures: againstTsc('patched tsc', tspc.patchedWithPlugin, tspc.patchedBare, tspc.tsc),
      target:
        'the patched tsc with the plugin ≤ 1.15× tsc without (the path docs/build.md recommends)',
      ok: tspc.patchedRatio <= 1.15,
    },
    {
      name: `tspc build with toolwright/plugin vs tsc without (${FILES} files × ${TOOLS_PER_FILE} tools)`,
      figures: againstTsc('tspc', tspc.withPlugin, tspc.tspc, tspc.tsc),
      target:
        'tspc with the plugin ≤ 1.15× tsc without (the live compiler, beside the patched tsc)',
      ok: tspc.ratio <= 1.15,
    },
    {
      name: 'tspc --watch: tool JSDoc edit → manifest written, relative to the compiler emit',
      figures: {
        'manifest write − emit of the edited file, ms (median)': ms(median(deltas)),
        'manifest write − emit of the edited file, ms (max)': ms(Math.max(...deltas)),
        'all, ms': deltas.map(ms).join(' '),
      },
      target: 'manifest written ≤ 100 ms after the emit',
      ok: Math.max(...deltas) <= 100,
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
