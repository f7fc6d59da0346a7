/**
 * The package as `npm pack` makes it, shared by the consumer suites: the first suite that asks
 * builds `dist/` (when stale) and packs and unpacks it once per jest run, under a lock in the
 * run's own directory (TOOLWRIGHT_CONSUMER_RUN, made by test/consumerRunSetup.js), so suites
 * in parallel workers wait for one pack and concurrent runs never share files.
 */
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
  readFileSync,
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

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '__fixtures__') newest = Math.max(newest, newestMtime(path));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

/** Builds the package unless `dist/` is newer than every source file. */
export async function ensureBuilt(): Promise<void> {
  const built = join(ROOT, 'dist', 'src', 'index.js');
  const sources = ['src', 'codegen'].map((dir) => newestMtime(join(ROOT, dir)));
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources)) return;
  await run(process.execPath, [TSC, '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT });
}

async function pack(dir: string): Promise<void> {
  await ensureBuilt();
  const work = mkdtempSync(join(dir, 'packing-'));
  const { stdout } = await run(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', work],
    { cwd: ROOT },
  );
  const [{ filename }] = JSON.parse(stdout) as Array<{ filename: string }>;
  await run('tar', ['-xzf', join(work, filename), '-C', work]);
  renameSync(join(work, 'package'), join(dir, 'package'));
  // Last: its presence tells the waiting suites that the unpacked package is complete.
  renameSync(join(work, filename), join(dir, 'toolwright.tgz'));
  rmSync(work, { recursive: true, force: true });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Packs the package once per run (the first caller packs, the others wait for it). */
export async function packedPackage(): Promise<PackedPackage> {
  const dir = runDirectory();
  const result = { tarball: join(dir, 'toolwright.tgz'), unpacked: join(dir, 'package') };
  const failed = join(dir, 'pack.failed');
  let packer = false;
  try {
    mkdirSync(join(dir, 'pack.lock'));
    packer = true;
  } catch {
    // Another suite of this run is packing.
  }
  if (packer && !existsSync(result.tarball)) {
    try {
      await pack(dir);
    } catch (error) {
      writeFileSync(failed, String((error as Error).stack ?? error));
      throw error;
    }
  }
  for (let waited = 0; !existsSync(result.tarball); waited += 200) {
    if (existsSync(failed)) throw new Error(`npm pack failed:\n${readFileSync(failed, 'utf8')}`);
    if (waited > 300_000) throw new Error('gave up waiting for npm pack after 300 s');
    await sleep(200);
  }
  return result;
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
