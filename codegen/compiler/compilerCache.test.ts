/**
 * The CLI's compiler cache, as a user's runs meet it: each case is a fresh node process running
 * the CLI as its launcher does (`main` with `cachedCompiler`), on a project whose tools need lib
 * files, with the cache folder in a temp directory. The cache must never change a manifest: a
 * run with it, without it, with a damaged one and with a folder that cannot be written all write
 * the same bytes.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tempProject } from '../__fixtures__/tempProject';

jest.setTimeout(120_000);

const ROOT = join(__dirname, '..', '..');
const CLI = JSON.stringify(join(__dirname, '..', 'cli.ts'));
const CODE_CACHE = JSON.stringify(join(__dirname, 'codeCache.ts'));
const USE_CACHED = JSON.stringify(join(__dirname, 'useCachedCompiler.ts'));

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

/** Runs `node -e script` under ts-node in `cwd`, with `env` added. */
function node(script: string, cwd: string, env: Record<string, string | undefined>) {
  return spawnSync(
    process.execPath,
    ['-r', require.resolve('ts-node/register/transpile-only'), '-e', script],
    {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'), ...env },
    },
  );
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

describe('the CLI compiler cache', () => {
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
    expect(files.filter((name) => name.startsWith('code-'))).toHaveLength(1);
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

  it('keeps one copy of each: a new compiler or lib set removes the files of the old one', () => {
    const cache = join(scratch, 'upgraded');
    const oldLibs = join(cache, 'libs-0.0.1-100-1700000000000');
    mkdirSync(oldLibs, { recursive: true });
    writeFileSync(join(oldLibs, 'index.json'), '["lib.es5.d.ts"]');
    writeFileSync(join(oldLibs, 'lib.es5.d.ts'), 'declare var old: 1;');
    // Not a copy of ours (no index): a shared TOOLWRIGHT_CACHE_DIR may hold anything.
    const notOurs = join(cache, 'libs-of-another-tool');
    mkdirSync(notOurs, { recursive: true });
    // A cache of this compiler under another Node, and one in the naming of earlier releases.
    codegen(cache, 'upgraded.ts');
    const [current] = readdirSync(cache).filter((name) => name.startsWith('code-'));
    const otherNode = current!.replace(/-[0-9a-f]{16}\.bin$/, '-0123456789abcdef.bin');
    renameSync(join(cache, current!), join(cache, otherNode));
    writeFileSync(join(cache, `code-${'a'.repeat(32)}.bin`), 'earlier');
    writeFileSync(join(cache, `code-${'b'.repeat(16)}-${'c'.repeat(16)}.bin`), 'another module');

    expect(codegen(cache, 'upgradedAgain.ts').manifest).toBe(expected);
    const kept = readdirSync(cache);
    expect(kept).toContain(current);
    expect(kept).toContain(`code-${'b'.repeat(16)}-${'c'.repeat(16)}.bin`);
    expect(kept).not.toContain(otherNode);
    expect(kept).not.toContain(`code-${'a'.repeat(32)}.bin`);
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

  it('writes no code cache for a run that read no project', () => {
    const cache = join(scratch, 'help');
    const run = runCli(['codegen', '--help'], project.root, { TOOLWRIGHT_CACHE_DIR: cache });
    expect(run.status).toBe(0);
    expect(
      existsSync(cache) ? readdirSync(cache).filter((n) => n.startsWith('code-')) : [],
    ).toEqual([]);
  });

  it('runs as without the cache when the cache is damaged, and writes it again whole', () => {
    const cache = join(scratch, 'damaged');
    codegen(cache, 'warm.ts');
    const code = join(
      cache,
      readdirSync(cache).find((name) => name.startsWith('code-'))!,
    );
    const bytes = readFileSync(code);
    bytes.fill(7, 40, 4_000);
    writeFileSync(code, bytes);
    const libs = join(
      cache,
      readdirSync(cache).find((name) => name.startsWith('libs-'))!,
    );
    unlinkSync(join(libs, 'lib.es5.d.ts'));
    expect(codegen(cache, 'damaged.ts').manifest).toBe(expected);
    expect(readFileSync(code).equals(bytes)).toBe(false);
    writeFileSync(join(libs, 'index.json'), '{ not json');
    expect(codegen(cache, 'badIndex.ts').manifest).toBe(expected);
  });

  it('runs without the cache when its folder cannot be written', () => {
    const notAFolder = join(scratch, 'a-file');
    writeFileSync(notAFolder, 'not a folder');
    expect(codegen(join(notAFolder, 'cache'), 'unwritable.ts').manifest).toBe(expected);
  });
});

describe('loadCached', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'toolwright-code-cache-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** Loads `file` through the code cache in a fresh process; what it exports. */
  const load = (file: string) => {
    const script = `const { loadCached, keepCompiledCode } = require(${CODE_CACHE});
      const exported = loadCached(${JSON.stringify(file)});
      keepCompiledCode();
      console.log(JSON.stringify({ value: exported.value, cached: require.cache[${JSON.stringify(file)}].exports === exported }));`;
    const run = node(script, scratch, { TOOLWRIGHT_CACHE_DIR: join(scratch, 'cache') });
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout) as { value: string; cached: boolean };
  };

  it('never runs the code of an earlier version of a module of the same length', () => {
    const file = join(scratch, 'module.js');
    writeFileSync(file, "exports.value = (() => 'first')();\n");
    expect(load(file)).toEqual({ value: 'first', cached: true });
    expect(readdirSync(join(scratch, 'cache'))).toHaveLength(1);
    writeFileSync(file, "exports.value = (() => 'other')();\n");
    const later = new Date(statSync(file).mtimeMs + 5_000);
    utimesSync(file, later, later);
    expect(load(file)).toEqual({ value: 'other', cached: true });
    expect(load(file)).toEqual({ value: 'other', cached: true });
    // The first version's cache is gone; another module's is not touched.
    expect(readdirSync(join(scratch, 'cache'))).toHaveLength(1);
    writeFileSync(join(scratch, 'second.js'), "exports.value = 'second';\n");
    expect(load(join(scratch, 'second.js'))).toEqual({ value: 'second', cached: true });
    expect(readdirSync(join(scratch, 'cache'))).toHaveLength(2);
  });

  it('gives the module what Node gives it: module.require and module.paths', () => {
    const packageDir = join(scratch, 'node_modules', 'helper');
    mkdirSync(packageDir, { recursive: true });
    writeFileSync(join(packageDir, 'index.js'), "exports.name = 'helper';\n");
    const file = join(scratch, 'requiring.js');
    writeFileSync(
      file,
      "exports.value = module.require('helper').name + ' ' + module.paths.includes(" +
        `${JSON.stringify(join(scratch, 'node_modules'))});\n`,
    );
    expect(load(file)).toEqual({ value: 'helper true', cached: true });
  });

  it('reads a module that is not ASCII as UTF-8, with and without its cache', () => {
    const file = join(scratch, 'accents.js');
    writeFileSync(file, "exports.value = 'Réservé — 予約 ✓ 🚀'.normalize();\n");
    expect(load(file)).toEqual({ value: 'Réservé — 予約 ✓ 🚀', cached: true });
    expect(load(file)).toEqual({ value: 'Réservé — 予約 ✓ 🚀', cached: true });
  });

  it('runs a module that starts with a #! line, its lines where they were', () => {
    const file = join(scratch, 'script.js');
    writeFileSync(
      file,
      '#!/usr/bin/env node\nexports.value = String(new Error().stack.split("\\n")[1].match(/:(\\d+):\\d+\\)?$/)[1]);\n',
    );
    expect(load(file)).toEqual({ value: '2', cached: true });
    expect(load(file)).toEqual({ value: '2', cached: true });
  });
});

describe('useCachedCompiler', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'toolwright-use-cached-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** Loads `file` as the compiler through the cache in a fresh process: what it warned. */
  const useAsCompiler = (file: string) => {
    const script = `const { useCachedCompiler } = require(${USE_CACHED});
      const warnings = [];
      useCachedCompiler((text) => warnings.push(text), ${JSON.stringify(file)});
      console.log(JSON.stringify({ warnings, loaded: Boolean(require.cache[${JSON.stringify(file)}]) }));`;
    const run = node(script, scratch, { TOOLWRIGHT_CACHE_DIR: join(scratch, 'cache') });
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout) as { warnings: string[]; loaded: boolean };
  };

  it('loads a compiler file whose last line is a // comment through the cache', () => {
    const file = join(scratch, 'commented.js');
    writeFileSync(file, 'exports.version = "0";\n//# sourceMappingURL=commented.js.map');
    expect(useAsCompiler(file)).toEqual({ warnings: [], loaded: true });
  });

  it('says why when the compiler cannot be loaded through the cache, and goes on without it', () => {
    const file = join(scratch, 'broken.js');
    writeFileSync(file, 'exports.version = ;\n');
    const { warnings, loaded } = useAsCompiler(file);
    expect(loaded).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^toolwright: the compiler's code cache is off for this run \(.*broken\.js: Unexpected token ';'\)\n$/,
    );
  });
});
