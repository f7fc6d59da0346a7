/**
 * Loaded in a build that has loaded its `typescript` (as the Nest CLI has), or inside the
 * project's `tsc` patched in place by ts-patch (whose `lib/_tsc.js` then exports the compiler's
 * API), the plugin does not load the compiler bundled in `@ts-morph/common` (12 MB of
 * JavaScript, ~0.4 s): codegen's compiler module is the build's own. In a process that has loaded
 * the bundled one already, it stays. Each case is a fresh node process running the sources
 * through SWC (`FROM_SOURCE`, which loads no compiler); the module cache is what is observed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FROM_SOURCE } from '../../test/fromSource';

jest.setTimeout(60_000);

const PLUGIN = JSON.stringify(join(__dirname, 'index.ts'));
const COMPILER_MODULE = JSON.stringify(join(__dirname, '..', 'typescript.ts'));

const LOADED_TYPESCRIPT = "require.cache[require.resolve('typescript')]?.exports";

/**
 * Runs `prelude` in `cwd` (the repository's root), then loads the plugin; reports what the
 * module cache then holds, and whether codegen's compiler is `host` (an expression).
 */
function loadPlugin(
  prelude: string,
  { cwd = join(__dirname, '..', '..'), host = LOADED_TYPESCRIPT } = {},
): { bundled: boolean; codegenUsesHost: boolean } {
  const script = `${prelude}
    require(${PLUGIN});
    const host = ${host};
    console.log(JSON.stringify({
      bundled: Object.keys(require.cache).some((path) => path.includes('@ts-morph/common')),
      codegenUsesHost: host !== undefined && require(${COMPILER_MODULE}).ts === host,
    }));`;
  const run = spawnSync(process.execPath, [...FROM_SOURCE, '-e', script], {
    cwd,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as {
    bundled: boolean;
    codegenUsesHost: boolean;
  };
}

describe('toolwright/plugin and the compiler it loads', () => {
  it("reads with the build's loaded typescript, without loading the bundled one", () => {
    expect(loadPlugin("require('typescript');")).toEqual({ bundled: false, codegenUsesHost: true });
  });

  describe("in the project's own tsc", () => {
    const root = mkdtempSync(join(tmpdir(), 'toolwright-patched-tsc-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const lib = join(root, 'node_modules', 'typescript', 'lib');
    mkdirSync(lib, { recursive: true });
    writeFileSync(
      join(root, 'node_modules', 'typescript', 'package.json'),
      '{"name":"typescript","main":"./lib/typescript.js"}',
    );
    writeFileSync(join(lib, 'typescript.js'), "throw new Error('not loaded by a tsc build');");
    const tsc = join(lib, '_tsc.js');
    /** What `tsc` loads: `_tsc.js`, as ts-patch leaves it (the API) or as TypeScript ships it. */
    const runTsc = (exports: string) => {
      writeFileSync(tsc, `module.exports = ${exports};`);
      return loadPlugin(`require(${JSON.stringify(tsc)});`, {
        cwd: root,
        host: `require.cache[${JSON.stringify(tsc)}].exports`,
      });
    };

    it("reads with the compiler ts-patch's patch makes it export, without loading the bundled one", () => {
      // A copy of the API: another object than the repository's `typescript` module.
      const patched = `{ ...require(${JSON.stringify(require.resolve('typescript'))}) }`;
      expect(runTsc(patched)).toEqual({ bundled: false, codegenUsesHost: true });
    });

    it('loads the bundled compiler when that tsc is not patched (it exports nothing)', () => {
      expect(runTsc('{}')).toEqual({ bundled: true, codegenUsesHost: false });
    });
  });

  it('leaves codegen on the bundled compiler when the process has loaded it already', () => {
    expect(loadPlugin("require('typescript'); require('@ts-morph/common');")).toEqual({
      bundled: true,
      codegenUsesHost: false,
    });
  });
});
