/**
 * The package as `npm pack` makes it, shared by the consumer suites and the API report: the
 * first suite that asks builds the package from the sources into a staging folder of the run's
 * own directory (TOOLWRIGHT_CONSUMER_RUN, made by test/consumerRunSetup.js), then packs and
 * unpacks it, each once per jest run under a lock, so suites in parallel workers wait for one
 * build and concurrent runs never share files. The working tree's `dist/` is left alone: a
 * change under test never leaks into it, and a stale one is never what a suite checks.
 */
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const ROOT = join(__dirname, '..', '..');
export const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/**
 * The compiler options every consumer project shares: a decorated service compiled as a user's
 * project would be; each suite adds its module mode and whether libraries are checked.
 */
export const CONSUMER_COMPILER_OPTIONS = Object.freeze({
  target: 'ES2022',
  lib: ['ES2023'],
  types: ['node'],
  strict: true,
  experimentalDecorators: true,
  emitDecoratorMetadata: true,
  esModuleInterop: true,
});

/** The tarball and the package unpacked from it (`package/`, as npm would install it). */
export interface PackedPackage {
  tarball: string;
  unpacked: string;
}

let ownRun: string | undefined;

/** This jest run's directory: from globalSetup, else one for this process (removed on exit). */
export function runDirectory(): string {
  const shared = process.env.TOOLWRIGHT_CONSUMER_RUN;
  if (shared) return shared;
  if (!ownRun) {
    mkdirSync(join(ROOT, '.consumer-tmp'), { recursive: true });
    const dir = mkdtempSync(join(ROOT, '.consumer-tmp', `own-${process.pid}-`));
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
    ownRun = dir;
  }
  return ownRun;
}

/** Whether a `files` entry of package.json is build output (made by the build, not copied). */
const isBuildOutput = (entry: string): boolean => /^dist(\/|$)/.test(entry);

/**
 * A build of these very sources made just before this run, to stage instead of building again:
 * `.ci/run` names the `dist/` its build step has just made from the fresh clone (each of its two
 * test passes would otherwise build the same output once more). Unset, the suites build.
 */
const PREBUILT = process.env.TOOLWRIGHT_PREBUILT_DIST;

/**
 * Builds the package into `staging` as its published folder: package.json, the `files` that
 * are not build output (bin, README.md, LICENSE) copied, and the compiler's output in
 * `staging/dist` (or a copy of TOOLWRIGHT_PREBUILT_DIST). The working tree's own `dist/` is
 * neither read nor written unless that variable names it.
 */
async function stage(staging: string): Promise<void> {
  mkdirSync(staging, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] };
  for (const entry of ['package.json', ...pkg.files.filter((file) => !isBuildOutput(file))])
    cpSync(join(ROOT, entry), join(staging, entry), { recursive: true });
  if (PREBUILT) {
    if (!existsSync(join(PREBUILT, 'src', 'index.js')))
      throw new Error(`TOOLWRIGHT_PREBUILT_DIST=${PREBUILT} holds no build (no src/index.js)`);
    cpSync(PREBUILT, join(staging, 'dist'), { recursive: true });
    return;
  }
  const tsconfig = join(ROOT, 'tsconfig.build.json');
  await run(process.execPath, [TSC, '-p', tsconfig, '--outDir', join(staging, 'dist')], {
    cwd: ROOT,
  });
}

/**
 * Runs `make` once per jest run under a lock in the run's directory: the first caller makes,
 * the others wait for `<name>.done` (or fail with the maker's error). Resolves to the run's
 * directory.
 */
async function oncePerRun(name: string, make: (dir: string) => Promise<void>): Promise<string> {
  const dir = runDirectory();
  const done = join(dir, `${name}.done`);
  const failed = join(dir, `${name}.failed`);
  let maker = false;
  try {
    mkdirSync(join(dir, `${name}.lock`));
    maker = true;
  } catch {
    // Another suite of this run is making it.
  }
  if (maker && !existsSync(done)) {
    try {
      await make(dir);
      // Last: its presence tells the waiting suites that the work is complete.
      writeFileSync(done, '');
    } catch (error) {
      writeFileSync(failed, String((error as Error).stack ?? error));
      throw error;
    }
  }
  for (let waited = 0; !existsSync(done); waited += 200) {
    if (existsSync(failed)) throw new Error(`${name} failed:\n${readFileSync(failed, 'utf8')}`);
    if (waited > 300_000) throw new Error(`gave up waiting for ${name} after 300 s`);
    await sleep(200);
  }
  return dir;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The package built from the working tree's sources into this run's own folder (once per run),
 * laid out as it is published: `<folder>/package.json`, `<folder>/bin`, `<folder>/dist/src`…
 * @example
 * const folder = await stagedPackage();
 * existsSync(join(folder, 'dist', 'src', 'index.d.ts'));
 */
export async function stagedPackage(): Promise<string> {
  const dir = await oncePerRun('build', (run) => stage(join(run, 'staging')));
  return join(dir, 'staging');
}

async function pack(dir: string): Promise<void> {
  const staging = await stagedPackage();
  const work = mkdtempSync(join(dir, 'packing-'));
  const { stdout } = await run(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', work],
    { cwd: staging },
  );
  const [{ filename }] = JSON.parse(stdout) as Array<{ filename: string }>;
  await run('tar', ['-xzf', join(work, filename), '-C', work]);
  renameSync(join(work, 'package'), join(dir, 'package'));
  renameSync(join(work, filename), join(dir, 'toolwright.tgz'));
  rmSync(work, { recursive: true, force: true });
}

/** Packs the staged package once per run (the first caller packs, the others wait for it). */
export async function packedPackage(): Promise<PackedPackage> {
  const dir = await oncePerRun('pack', pack);
  return { tarball: join(dir, 'toolwright.tgz'), unpacked: join(dir, 'package') };
}

/**
 * A consumer project in this run's directory: `node_modules/toolwright` is the unpacked
 * tarball; everything else (the SDK, class-validator, TypeScript, tsx, Vitest) resolves from
 * the repository's `node_modules`, above it, at the versions of the lockfile.
 */
export async function makeConsumer(
  name: string,
  files: Record<string, string>,
  type?: 'module',
): Promise<string> {
  const { unpacked } = await packedPackage();
  const dir = join(runDirectory(), name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  mkdirSync(join(dir, 'src'));
  symlinkSync(
    relative(join(dir, 'node_modules'), unpacked),
    join(dir, 'node_modules', 'toolwright'),
  );
  const pkg = { name: `consumer-${name}`, private: true, ...(type ? { type } : {}) };
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, 'src', file, '..'), { recursive: true });
    writeFileSync(join(dir, 'src', file), text);
  }
  return dir;
}
