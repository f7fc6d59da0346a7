/**
 * The CLI's cache folder (the lib files) and its compiler binding, as a user's runs meet them:
 * each case is a fresh node process running the CLI as its launcher does (`main` with
 * `cachedCompiler`), on a project whose tools need lib files, with the cache folder in a temp
 * directory. The cache must never change a manifest: a run with it, without it, with a damaged
 * one and with a folder that cannot be written all write the same bytes.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tempProject } from '../__fixtures__/tempProject';
import { FROM_SOURCE } from '../../test/fromSource';

jest.setTimeout(120_000);

const ROOT = join(__dirname, '..', '..');
const CLI = JSON.stringify(join(__dirname, '..', 'cli.ts'));

const SERVICE = `import { Tool, Param } from 'toolwright';
export interface Visit { at: string; tags: ReadonlyArray<string>; seen: Record<string, number> }
export class VisitService {
  /** Lists the visits of a page, newest first. */
  @Tool()
  async listVisits(@Param() page: string, @Param() since?: Date): Promise<Visit[]> {
    return [{ at: page, tags: [String(since)], seen: {} }];
  }
}
`;

interface Run {
  status: number | null;
  stderr: string;
  /** The `@ts-morph/common` modules the process loaded, by file name. */
  loaded: string[];
}

/** Runs `node -e script` (the sources through SWC) in `cwd`, with `env` added. */
function node(script: string, cwd: string, env: Record<string, string | undefined>) {
  return spawnSync(process.execPath, [...FROM_SOURCE, '-e', script], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'), ...env },
  });
}

/** `toolwright <args>` as the launcher runs it, in `cwd`, with `env` added. */
function runCli(args: string[], cwd: string, env: Record<string, string | undefined>): Run {
  const script = `require(${CLI})
    .main(${JSON.stringify(args)}, undefined, { cachedCompiler: true })
    .then((code) => {
      process.exitCode = code;
      console.log(JSON.stringify(Object.keys(require.cache)
        .filter((path) => path.includes('@ts-morph/common/dist/'))
        .map((path) => path.split('/').pop()).sort()));
    });`;
  const run = node(script, cwd, env);
  const lines = run.stdout.trim().split('\n');
  return { status: run.status, stderr: run.stderr, loaded: JSON.parse(lines.pop() ?? '[]') };
}

describe('the CLI cache folder and compiler binding', () => {
  const project = tempProject({ 'src/visits.ts': SERVICE });
  const scratch = mkdtempSync(join(tmpdir(), 'toolwright-cache-test-'));
  let expected: string;
  afterAll(() => {
    project.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** Runs codegen into `out` with the cache in `cache` (or turned off); returns the manifest. */
  const codegen = (cache: string | undefined, out: string, env: Record<string, string> = {}) => {
    const run = runCli(['codegen', '-o', join(scratch, out)], project.root, {
      ...(cache ? { TOOLWRIGHT_CACHE_DIR: cache } : { NODE_DISABLE_COMPILE_CACHE: '1' }),
      ...env,
    });
    expect(run.stderr).toMatch(/Wrote .* \(1 tool\)/);
    expect(run.status).toBe(0);
    return { ...run, manifest: readFileSync(join(scratch, out), 'utf8') };
  };

  beforeAll(() => {
    expected = codegen(undefined, 'plain.ts').manifest;
  });

  it('reads the lib files a tool needs without the cache (Date, ReadonlyArray, Promise)', () => {
    expect(expected).toContain('"format": "date-time"');
    expect(expected).toContain('"additionalProperties"');
  });

  it('fills the cache on a first run and reads from it on the next, with the same manifest', () => {
    const cache = join(scratch, 'fresh');
    const first = codegen(cache, 'first.ts');
    expect(first.manifest).toBe(expected);
    const files = readdirSync(cache);
    const libs = files.find((name) => name.startsWith('libs-'))!;
    expect(readdirSync(join(cache, libs))).toEqual(
      expect.arrayContaining(['index.json', 'lib.es2022.d.ts', 'lib.es5.d.ts']),
    );
    const second = codegen(cache, 'second.ts');
    expect(second.manifest).toBe(expected);
    expect(readdirSync(cache).sort()).toEqual(files.sort());
    // With the cache, only the compiler's own file loads, not @ts-morph/common's main module.
    expect(second.loaded).toEqual(['typescript.js']);
    expect(first.loaded).toEqual(['ts-morph-common.js', 'typescript.js']);
  });

  it('keeps one copy of the lib files: a new lib set removes the old one', () => {
    const cache = join(scratch, 'upgraded');
    const oldLibs = join(cache, 'libs-0.0.1-100-1700000000000');
    mkdirSync(oldLibs, { recursive: true });
    writeFileSync(join(oldLibs, 'index.json'), '["lib.es5.d.ts"]');
    writeFileSync(join(oldLibs, 'lib.es5.d.ts'), 'declare var old: 1;');
    // Not a copy of ours (no index): a shared TOOLWRIGHT_CACHE_DIR may hold anything.
    const notOurs = join(cache, 'libs-of-another-tool');
    mkdirSync(notOurs, { recursive: true });

    expect(codegen(cache, 'upgraded.ts').manifest).toBe(expected);
    const kept = readdirSync(cache);
    expect(kept.filter((name) => name.startsWith('libs-0.'))).toHaveLength(1);
    expect(existsSync(oldLibs)).toBe(false);
    expect(existsSync(notOurs)).toBe(true);
  });

  it('writes nothing with NODE_DISABLE_COMPILE_CACHE, even with a folder named', () => {
    const cache = join(scratch, 'disabled');
    const run = codegen(cache, 'disabled.ts', { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(run.manifest).toBe(expected);
    expect(existsSync(cache)).toBe(false);
  });

  it('runs as without the cache when a copied lib file or the index is damaged', () => {
    const cache = join(scratch, 'damaged');
    codegen(cache, 'warm.ts');
    const libs = join(
      cache,
      readdirSync(cache).find((name) => name.startsWith('libs-'))!,
    );
    unlinkSync(join(libs, 'lib.es5.d.ts'));
    expect(codegen(cache, 'damaged.ts').manifest).toBe(expected);
    writeFileSync(join(libs, 'index.json'), '{ not json');
    expect(codegen(cache, 'badIndex.ts').manifest).toBe(expected);
  });

  it('runs without the cache when its folder cannot be written', () => {
    const notAFolder = join(scratch, 'a-file');
    writeFileSync(notAFolder, 'not a folder');
    expect(codegen(join(notAFolder, 'cache'), 'unwritable.ts').manifest).toBe(expected);
  });
});
