/**
 * The first build under Nest's SWC builder with `--type-check` of a project without its manifest
 * (a fresh `nest new`, a clone without the generated file): Nest type-checks a program it makes
 * right after loading the plugins, and fails on its TS2307 (`Cannot find module
 * './tools.manifest'`) before any plugin is handed that program. So when the SWC type-check loads
 * the plugin and the manifest is missing, codegen runs first over a program of its own, from the
 * tsconfig Nest will read, and writes the file the type-check then finds. The tools' errors are
 * printed there (the type-check would print only TS2307). Only on that first build. The `tsc`
 * builder's watch is the same case (it reports a program's diagnostics before the emit that runs
 * the plugin's `before` hook), and is handled the same way, its errors left to that hook.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Compiler } from '../typescript';
import { pluginCodegenFor } from './PluginCodegen';
import { manifestPathOf } from './pluginOptions';
import type { ToolwrightPluginOptions } from './pluginOptions';

/**
 * Which of Nest's builders that check a program made before any plugin runs is loading the
 * plugin now: the SWC type-check (in process, or forked for watch), or the `tsc` builder's watch
 * (which reports a program's diagnostics before its emit, where the `before` hook runs).
 */
export function loadingNestBuilder(): 'swc' | 'tsc-watch' | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  if (/[\\/]@nestjs[\\/]cli[\\/]lib[\\/]compiler[\\/]swc[\\/]/.test(stack)) return 'swc';
  if (/[\\/]@nestjs[\\/]cli[\\/]lib[\\/]compiler[\\/]watch-compiler\.js/.test(stack))
    return 'tsc-watch';
  return undefined;
}

/** Whether this process is the type-check Nest's SWC builder forks in watch mode. */
const forkedTypeCheck = (): boolean => basename(process.argv[1] ?? '') === 'forked-type-checker.js';

/**
 * Nest's SWC watch starts the app as soon as SWC has compiled, beside the type-check it forks,
 * where plugins run: the app of a project without its manifest starts before the manifest
 * exists, fails to load it, and is restarted when SWC compiles it. Nothing of the plugin runs in
 * Nest's own process before that start, so the failure is explained where it shows.
 */
const FIRST_WATCH_START =
  'toolwright: this is the first manifest, and Nest started the app beside the type-check ' +
  "where plugins run: that start's \"Cannot find module './tools.manifest'\" is this, once; " +
  'the app restarts with the manifest now. Generate it before the first watch ' +
  '(npx toolwright codegen) or keep it in version control, and the first start finds it.\n';

/** The value of `-p`/`--path` in Nest's command line, if given. */
function pathArgument(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-p' || arg === '--path') return argv[i + 1];
    if (arg.startsWith('--path=')) return arg.slice('--path='.length);
  }
  return undefined;
}

/** `compilerOptions.tsConfigPath` of the working directory's nest-cli.json, if set. */
function nestCliTsconfig(): string | undefined {
  try {
    const config = JSON.parse(readFileSync('nest-cli.json', 'utf8')) as {
      compilerOptions?: { tsConfigPath?: unknown };
    };
    const path = config.compilerOptions?.tsConfigPath;
    return typeof path === 'string' ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The tsconfig Nest's type-check reads, as Nest picks it: the forked checker's first argument;
 * else `-p`/`--path`, nest-cli.json's `tsConfigPath`, `tsconfig.build.json`, `tsconfig.json`.
 */
function nestTsconfig(): string {
  const [, , first] = process.argv;
  if (forkedTypeCheck() && first) return resolve(first);
  const chosen = pathArgument(process.argv) ?? nestCliTsconfig();
  if (chosen) return resolve(chosen);
  return resolve(existsSync('tsconfig.build.json') ? 'tsconfig.build.json' : 'tsconfig.json');
}

/**
 * Writes the manifest before Nest's program is made, when it is missing. With `print`, the
 * tools' errors are printed (and fail the build) and returned as printed, so the visitor does not
 * print them again; without, they are left to the host (the `tsc` watch reports them at emit).
 * @example
 * if (loadingNestBuilder() === 'swc') printed = writeFirstManifest(buildCompiler(), options, true);
 */
export function writeFirstManifest(
  compiler: Compiler,
  options: ToolwrightPluginOptions,
  print: boolean,
): string | undefined {
  const tsconfig = nestTsconfig();
  if (!existsSync(tsconfig)) return undefined;
  const parsed = compiler.getParsedCommandLineOfConfigFile(tsconfig, undefined, {
    ...compiler.sys,
    onUnRecoverableConfigFileDiagnostic: () => undefined,
  });
  if (!parsed || existsSync(manifestPathOf(options, parsed.options))) return undefined;
  const program = compiler.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
  });
  const codegen = pluginCodegenFor(compiler, options, program);
  const { errors, wrote } = codegen.run(program);
  if (wrote && forkedTypeCheck()) process.stderr.write(FIRST_WATCH_START);
  if (!errors.length || !print) return undefined;
  const printed = codegen.format(errors);
  process.stderr.write(printed);
  process.exitCode = 1;
  return printed;
}
