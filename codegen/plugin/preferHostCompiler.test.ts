/**
 * Loaded in a build that has loaded its `typescript` (as the Nest CLI has), the plugin does not
 * load the compiler bundled in `@ts-morph/common` (12 MB of JavaScript, ~0.4 s): codegen's
 * compiler module is the build's own. In a process that has loaded the bundled one already, it
 * stays. Each case is a fresh node process under ts-node (which loads `typescript` itself); the
 * module cache is what is observed.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

jest.setTimeout(60_000);

const PLUGIN = JSON.stringify(join(__dirname, 'index.ts'));
const COMPILER_MODULE = JSON.stringify(join(__dirname, '..', 'typescript.ts'));

/** Runs `prelude`, then loads the plugin; reports what the module cache then holds. */
function loadPlugin(prelude: string): { bundled: boolean; codegenUsesHost: boolean } {
  const script = `${prelude}
    require(${PLUGIN});
    const host = require.cache[require.resolve('typescript')]?.exports;
    console.log(JSON.stringify({
      bundled: Object.keys(require.cache).some((path) => path.includes('@ts-morph/common')),
      codegenUsesHost: host !== undefined && require(${COMPILER_MODULE}).ts === host,
    }));`;
  const run = spawnSync(
    process.execPath,
    ['-r', require.resolve('ts-node/register/transpile-only'), '-e', script],
    {
      cwd: join(__dirname, '..', '..'),
      encoding: 'utf8',
      env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '..', '..', 'tsconfig.json') },
    },
  );
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

  it('leaves codegen on the bundled compiler when the process has loaded it already', () => {
    expect(loadPlugin("require('typescript'); require('@ts-morph/common');")).toEqual({
      bundled: true,
      codegenUsesHost: false,
    });
  });
});
