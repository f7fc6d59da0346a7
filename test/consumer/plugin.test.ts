/**
 * `toolwright/plugin` inside the real build tools, from the packed package (issue 34): a Nest 11
 * project (as `nest new` lays it out) built by `nest build` (tsc builder) and by `nest build -b
 * swc --type-check`, a plain `tspc` (ts-patch) project, CommonJS and ES module, and one whose
 * own `tsc` ts-patch patched in place (its persistent patch, docs/build.md's `prepare` script,
 * the setup the docs recommend: plain `tsc` runs the plugin). Each writes
 * the manifest the CLI writes, byte for byte, and emits it as it has just written it (not as it
 * read it); fails on a TW1xx error printed in the compiler's own format at its line;
 * and, watching (`nest start --watch`, the SWC builder's watch, `tspc --watch`, `tsc --watch`),
 * rewrites the manifest after a JSDoc edit.
 */
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { until } from '../until';
import { makeConsumer, ROOT, run } from './packedPackage';

jest.setTimeout(600_000);

const NEST = join(ROOT, 'node_modules', '@nestjs', 'cli', 'bin', 'nest.js');
const TSPC = join(ROOT, 'node_modules', 'ts-patch', 'bin', 'tspc.js');
/** The configuration files docs/build.md shows. */
const FIXTURES = join(__dirname, '__fixtures__', 'plugin');

/** The error line docs/build.md shows under `output of: test/consumer/plugin.test.ts`. */
function readmeErrorLine(): string {
  const readme = readFileSync(join(ROOT, 'docs', 'build.md'), 'utf8');
  const shown =
    /<!-- output of: test\/consumer\/plugin\.test\.ts -->\s*\n```text\n([^\n]+)\n```/.exec(readme);
  if (!shown) throw new Error('docs/build.md shows no output of test/consumer/plugin.test.ts');
  return shown[1];
}

/** Text without its terminal colours. */
const plain = (text: string): string => stripVTControlCharacters(text);
/** A first compile in a child process on a busy machine. */
const BUILD_LIMIT = 240_000;

const SERVICE = `import { Param, Tool } from 'toolwright';

export class WeatherService {
  /**
   * Gets the forecast for a city.
   * @param city The city to forecast.
   * @param days How many days ahead.
   */
  @Tool()
  forecast(@Param() city: string, @Param() days: number = 3): string {
    return \`\${city}: sunny for \${days} days\`;
  }
}
`;
const MAIN = `import { WeatherService } from './weather.service';

console.log(new WeatherService().forecast('Paris'));
`;
const BROKEN = `import { Param, Tool } from 'toolwright';

export class BrokenService {
  /** Takes what JSON cannot carry. */
  @Tool()
  run(@Param() callback: () => void): void {
    callback();
  }
}
`;

/** The tsconfig.json `nest new` (Nest 11) writes. */
const NEST_TSCONFIG = {
  compilerOptions: {
    module: 'commonjs',
    declaration: true,
    removeComments: true,
    emitDecoratorMetadata: true,
    experimentalDecorators: true,
    allowSyntheticDefaultImports: true,
    target: 'ES2023',
    sourceMap: true,
    outDir: './dist',
    baseUrl: './',
    incremental: true,
    skipLibCheck: true,
    strictNullChecks: true,
    forceConsistentCasingInFileNames: true,
    noImplicitAny: false,
    strictBindCallApply: false,
    noFallthroughCasesInSwitch: false,
  },
};

async function nestProject(name: string): Promise<string> {
  const dir = await makeConsumer(name, { 'weather.service.ts': SERVICE, 'main.ts': MAIN });
  // docs/build.md's nest-cli.json, as a user copies it.
  copyFileSync(join(FIXTURES, 'nest-cli.json'), join(dir, 'nest-cli.json'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(NEST_TSCONFIG, null, 2));
  const build = {
    extends: './tsconfig.json',
    exclude: ['node_modules', 'test', 'dist', '**/*spec.ts'],
  };
  writeFileSync(join(dir, 'tsconfig.build.json'), JSON.stringify(build, null, 2));
  return dir;
}

async function tspcProject(name: string): Promise<string> {
  const dir = await makeConsumer(name, { 'weather.service.ts': SERVICE, 'main.ts': MAIN });
  // docs/build.md's tsconfig for tspc, as a user copies it.
  copyFileSync(join(FIXTURES, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  return dir;
}

/**
 * A `tspc` project with a TypeScript of its own (a copy: the patch writes into it) and
 * docs/build.md's package.json scripts, after `npm run prepare` (as `npm install` runs it):
 * its `tsc` patched in place. Returns the project and its `tsc`.
 */
async function patchedTscProject(name: string): Promise<{ dir: string; tsc: string }> {
  const dir = await tspcProject(name);
  const typescript = join(dir, 'node_modules', 'typescript');
  cpSync(join(ROOT, 'node_modules', 'typescript'), typescript, { recursive: true });
  mkdirSync(join(dir, 'node_modules', '.bin'));
  symlinkSync('../typescript/bin/tsc', join(dir, 'node_modules', '.bin', 'tsc'));
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as object;
  const { scripts } = JSON.parse(readFileSync(join(FIXTURES, 'package.json'), 'utf8')) as {
    scripts: object;
  };
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...pkg, scripts }, null, 2));
  await run('npm', ['run', 'prepare'], { cwd: dir });
  return { dir, tsc: join(typescript, 'bin', 'tsc') };
}

/** A `tspc` project that is an ES module package (`"type": "module"`, `nodenext`). */
async function esmTspcProject(name: string): Promise<string> {
  const main = MAIN.replace("'./weather.service'", "'./weather.service.js'");
  const dir = await makeConsumer(
    name,
    { 'weather.service.ts': SERVICE, 'main.ts': main },
    'module',
  );
  const tsconfig = JSON.parse(readFileSync(join(FIXTURES, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: Record<string, unknown>;
  };
  Object.assign(tsconfig.compilerOptions, { module: 'nodenext', moduleResolution: 'nodenext' });
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  return dir;
}

/** What `toolwright codegen` writes for the project (to a file of its own). */
async function cliManifest(dir: string): Promise<string> {
  const cli = join(dir, 'node_modules', 'toolwright', 'bin', 'toolwright.js');
  await run(process.execPath, [cli, 'codegen', '-o', 'cli/tools.manifest.ts'], { cwd: dir });
  return readFileSync(join(dir, 'cli', 'tools.manifest.ts'), 'utf8');
}

/** Runs a build; its exit code and everything it printed. */
async function build(dir: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, args, { cwd: dir });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, output: stdout + stderr };
  }
}

const manifestOf = (dir: string): string | undefined => {
  const path = join(dir, 'src', 'tools.manifest.ts');
  return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
};

/** The JavaScript the build emitted for `src/tools.manifest.ts` (under `dist` or `out`). */
function emittedManifest(dir: string): string {
  const candidates = ['dist', 'out'].flatMap((out) => [
    join(dir, out, 'tools.manifest.js'),
    join(dir, out, 'src', 'tools.manifest.js'),
  ]);
  const found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error(`the build emitted none of ${candidates.join(', ')}`);
  return readFileSync(found, 'utf8');
}

/**
 * Builds once: the CLI's manifest; once more after a JSDoc edit: the build's JavaScript holds the
 * manifest it has just written, not the one it read; then with a broken tool: the compiler's
 * error, exit non-zero.
 */
async function buildsLikeTheCli(dir: string, args: string[], errorLine: RegExp): Promise<string> {
  const built = await build(dir, args);
  expect(built).toMatchObject({ code: 0 });
  expect(manifestOf(dir)).toBe(await cliManifest(dir));
  expect(manifestOf(dir)).toContain('Gets the forecast for a city.');

  const service = join(dir, 'src', 'weather.service.ts');
  writeFileSync(
    service,
    SERVICE.replace('Gets the forecast for a city.', 'Forecasts the weather.'),
  );
  const rebuilt = await build(dir, args);
  writeFileSync(service, SERVICE);
  expect(rebuilt).toMatchObject({ code: 0 });
  expect(manifestOf(dir)).toContain('Forecasts the weather.');
  expect(emittedManifest(dir)).toContain('Forecasts the weather.');
  expect(emittedManifest(dir)).not.toContain('Gets the forecast for a city.');

  writeFileSync(join(dir, 'src', 'broken.service.ts'), BROKEN);
  const broken = await build(dir, args);
  rmSync(join(dir, 'src', 'broken.service.ts'));
  expect(broken.code).not.toBe(0);
  expect(broken.output).toMatch(errorLine);
  return plain(broken.output);
}

/**
 * Starts `args` watching, waits for its manifest, edits the tool's JSDoc and waits for the
 * manifest to say so; stops the watcher (its whole process group) either way.
 */
async function updatesWhenWatching(dir: string, args: string[]): Promise<void> {
  rmSync(join(dir, 'src', 'tools.manifest.ts'), { force: true });
  const child = spawn(process.execPath, args, { cwd: dir, detached: true, stdio: 'pipe' });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((done) => child.on('exit', done));
  try {
    await until(
      () => !!manifestOf(dir)?.includes('Gets the forecast'),
      'the first manifest',
      BUILD_LIMIT,
    );
    const edited = SERVICE.replace('Gets the forecast for a city.', 'Forecasts the weather.');
    writeFileSync(join(dir, 'src', 'weather.service.ts'), edited);
    await until(
      () => !!manifestOf(dir)?.includes('Forecasts the weather.'),
      `the manifest after the edit; the watcher said:\n${output}`,
      BUILD_LIMIT,
    );
    expect(manifestOf(dir)).toBe(await cliManifest(dir));
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    writeFileSync(join(dir, 'src', 'weather.service.ts'), SERVICE);
  }
}

/** The broken tool's error as a compiler prints it without colours (`file(line,col): error`). */
const PLAIN_ERROR = /src\/broken\.service\.ts\(6,16\): error TS101: TW101 BrokenService\.run/;
/** A `tspc` build of the project. */
const TSPC_BUILD = [TSPC, '-p', 'tsconfig.json'];

describe('toolwright/plugin in the Nest CLI, tsc builder', () => {
  it('writes the manifest of `toolwright codegen` and fails on a TW error at its line', async () => {
    const dir = await nestProject('plugin-nest-tsc');
    const output = await buildsLikeTheCli(
      dir,
      [NEST, 'build'],
      /src\/broken\.service\.ts.*6.*16.* - .*error.* TS101: .*TW101 BrokenService\.run/,
    );
    expect(output).toContain(readmeErrorLine());
    await updatesWhenWatching(dir, [NEST, 'start', '--watch']);
  });
});

describe('toolwright/plugin in the Nest CLI, SWC builder with --type-check', () => {
  it('writes the manifest of `toolwright codegen` and fails on a TW error at its line', async () => {
    const dir = await nestProject('plugin-nest-swc');
    await buildsLikeTheCli(dir, [NEST, 'build', '-b', 'swc', '--type-check'], PLAIN_ERROR);
    await updatesWhenWatching(dir, [NEST, 'start', '-b', 'swc', '--type-check', '--watch']);
  });
});

describe('toolwright/plugin in tspc (ts-patch)', () => {
  it('writes the manifest of `toolwright codegen` and fails on a TW error at its line', async () => {
    const dir = await tspcProject('plugin-tspc');
    await buildsLikeTheCli(dir, TSPC_BUILD, PLAIN_ERROR);
    await updatesWhenWatching(dir, [...TSPC_BUILD, '--watch']);
  });
});

describe('toolwright/plugin in tspc, an ES module project (nodenext)', () => {
  it('emits the manifest it has just written as an ES module the app imports', async () => {
    const dir = await esmTspcProject('plugin-tspc-esm');
    await buildsLikeTheCli(dir, TSPC_BUILD, PLAIN_ERROR);
    // The last good build emitted the edited tool; the app, an ES module, imports it.
    const { stdout } = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const { manifest } = await import('./out/tools.manifest.js'); console.log(manifest.tools[0].description);",
      ],
      { cwd: dir },
    );
    expect(stdout.trim()).toBe('Forecasts the weather.');
    expect(emittedManifest(dir)).toMatch(/^export const manifest = /m);
  });
});

describe("toolwright/plugin in the project's own tsc, patched in place (ts-patch's persistent patch)", () => {
  it('writes the manifest of `toolwright codegen` from `npm run build` and fails on a TW error', async () => {
    const { dir, tsc } = await patchedTscProject('plugin-tsc-patched');
    // `npm run build` is plain `tsc`: the project's own, which the prepare script patched.
    await run('npm', ['run', 'build'], { cwd: dir });
    expect(manifestOf(dir)).toBe(await cliManifest(dir));
    await buildsLikeTheCli(dir, [tsc, '-p', 'tsconfig.json'], PLAIN_ERROR);
    await updatesWhenWatching(dir, [tsc, '-p', 'tsconfig.json', '--watch']);
  });
});
