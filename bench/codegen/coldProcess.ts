/**
 * What the codegen benches share: building the package when `dist/` is older than the sources,
 * and the cold `toolwright codegen` process against the `tsc --noEmit` process on one project
 * (whole processes, startup and module loading included, side by side; see `alternate`), with
 * the CLI's compiler cache and without it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { alternate, median } from '../alternate';

const REPO = join(__dirname, '..', '..');
const RUNS = 5;

/** Rounds milliseconds for printing. */
export const ms = (value: number): number => Math.round(value);

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

/** Builds the package (`tsc -p tsconfig.build.json`) when `dist/` is missing or older than the sources. */
export function ensureBuilt(): void {
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

/** Wall time of a whole process (startup and module loading included), with `env` added. */
export function processMs(args: string[], cwd = REPO, env: Record<string, string> = {}): number {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed: ${run.stdout}${run.stderr}`);
  return performance.now() - started;
}

/**
 * `toolwright codegen` (the built CLI, writing `out`) against `tsc --noEmit` on `tsconfig`,
 * alternately, medians of 5: the ratio and the figures to print. The CLI runs as a user's
 * runs do, with its compiler cache (filled by the unmeasured first run), and once more without
 * it (`NODE_DISABLE_COMPILE_CACHE`), as a machine's very first run is.
 */
export async function coldProcessFigures(tsconfig: string, out: string) {
  ensureBuilt();
  const runTsc = () =>
    processMs([require.resolve('typescript/bin/tsc'), '--noEmit', '-p', tsconfig]);
  const cliArgs = [join(REPO, 'bin', 'toolwright.js'), 'codegen', '-p', tsconfig, '-o', out];
  const runCli = () => processMs(cliArgs);
  const runUncached = () => processMs(cliArgs, REPO, { NODE_DISABLE_COMPILE_CACHE: '1' });
  const [cli, tsc, uncached] = await alternate([runCli, runTsc, runUncached], { rounds: RUNS });
  const ratio = median(cli!) / median(tsc!);
  return {
    ratio,
    figures: {
      'toolwright codegen process ms (median of 5)': ms(median(cli!)),
      'tsc --noEmit process ms (median of 5)': ms(median(tsc!)),
      'toolwright codegen process ms (all)': cli!.map(ms).join(' '),
      'tsc --noEmit process ms (all)': tsc!.map(ms).join(' '),
      'process ratio': Number(ratio.toFixed(2)),
      'without its compiler cache ms (median of 5)': ms(median(uncached!)),
      'without its compiler cache, ratio': Number((median(uncached!) / median(tsc!)).toFixed(2)),
    },
  };
}
