/**
 * `toolwright codegen`: writes the manifest (or checks it with `--check`, or keeps it current
 * with `--watch`). Exit 0 when written or up to date, 1 on errors in the tools or a stale file,
 * 2 on usage errors.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ToolManifest } from '../../src/manifest/types';
import { buildToolIndex } from '../toolIndex/buildToolIndex';
import type { ts } from '../typescript';
import { openPrograms } from '../collect/loadProgram';
import { runColdCodegen } from '../runProgram';
import { readCodegenSettings } from './codegenSettings';
import type { CliIo } from './io';
import { displayPath, openProject, printDiagnostics } from './common';
import { HELP_OPTION, helpText, parseArgs } from './parseArgs';
import type { CommandSpec } from './parseArgs';
import { checkManifest, writeManifest } from './writeManifest';

/** The options of `toolwright codegen`. */
export const CODEGEN_COMMAND: CommandSpec = {
  name: 'codegen',
  usage:
    'toolwright codegen [-p tsconfig.json] [-o src/tools.manifest.ts] [--check] [--watch] [--search-index]',
  exitCodes: '0 ok, 1 errors in the tools (or a stale manifest with --check), 2 usage.',
  summary:
    'Reads the @Tool methods of a project (JSDoc and types) and writes the tool manifest: a TypeScript\n' +
    'module with the typed manifest and one input type per tool, or JSON for a .json path.',
  options: [
    {
      flags: ['-p', '--project'],
      key: 'project',
      value: '<tsconfig>',
      description: 'The project (default: ./tsconfig.json).',
    },
    {
      flags: ['-o', '--out'],
      key: 'out',
      value: '<file>',
      description: 'The manifest to write (default: src/tools.manifest.ts beside the tsconfig).',
    },
    {
      flags: ['--check'],
      key: 'check',
      description: 'Write nothing; exit 1 if the manifest on disk is stale.',
    },
    {
      flags: ['--watch', '-w'],
      key: 'watch',
      description: 'Keep the project loaded and rewrite on every change.',
    },
    {
      flags: ['--search-index'],
      key: 'search-index',
      description:
        "Also write the tool search index (tools.search.json beside the manifest) for an agent's toolSearch: { kind: 'client' }.",
    },
    HELP_OPTION,
  ],
};

/** Where the manifest goes: `-o` from the working directory, else `src/tools.manifest.ts` beside the tsconfig. */
export const outputPath = (out: string | true | undefined, tsconfig: string, io: CliIo): string =>
  typeof out === 'string'
    ? resolve(io.cwd, out)
    : join(dirname(tsconfig), 'src', 'tools.manifest.ts');

const usageError = (io: CliIo, message: string): number => {
  io.stderr(`toolwright codegen: ${message}\nUsage: ${CODEGEN_COMMAND.usage}\n`);
  return 2;
};

/**
 * `--watch`: one ts-morph project kept up to date (the lean one, as a cold run reads, until a tool
 * needs the full one). ts-morph and the watcher load here, on demand, so a one-shot run never
 * loads them.
 */
async function runWatch(
  project: string | true | undefined,
  out: string | true | undefined,
  io: CliIo,
): Promise<number> {
  const [{ loadLeanProject }, { CodegenSession }, { LeanWatchSession }, { watchCodegen }] =
    await Promise.all([
      import('../collect/loadProject'),
      import('../CodegenSession'),
      import('./leanWatchSession'),
      import('./watch'),
    ]);
  const opened = openProject(project, io, (tsconfig) => ({
    ...loadLeanProject(tsconfig),
    settings: readCodegenSettings(tsconfig),
  }));
  if (!opened.ok) return usageError(io, opened.error);
  const { lean, full, settings } = opened.loaded;
  const session = new LeanWatchSession(
    new CodegenSession(lean, settings),
    () => new CodegenSession(full(), settings),
  );
  return watchCodegen({ session, out: outputPath(out, opened.tsconfig, io), io });
}

/** Runs `toolwright codegen` with its arguments. */
export async function runCodegenCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(args, CODEGEN_COMMAND);
  if (!parsed.ok) return usageError(io, parsed.error);
  const { values } = parsed;
  if (values.help) {
    io.stdout(helpText(CODEGEN_COMMAND));
    return 0;
  }
  if (values.check && values.watch) return usageError(io, '--check and --watch cannot be combined');
  if (values.watch) return runWatch(values.project, values.out, io);
  const opened = openProject(values.project, io, (tsconfig) => ({
    programs: openPrograms(tsconfig),
    settings: readCodegenSettings(tsconfig),
  }));
  if (!opened.ok) return usageError(io, opened.error);
  const out = outputPath(values.out, opened.tsconfig, io);
  const result = runColdCodegen(opened.loaded.programs, opened.loaded.settings);
  if (printDiagnostics(result.diagnostics, io)) {
    io.stderr(`No manifest written: fix the errors above.\n`);
    return 1;
  }
  const shown = displayPath(out, io);
  const count = `${result.manifest.tools.length} tool${result.manifest.tools.length === 1 ? '' : 's'}`;
  if (values.check) {
    const stale = checkManifest(result.manifest, out);
    if (!stale) {
      io.stderr(`${shown} is up to date (${count}).\n`);
      return 0;
    }
    io.stderr(`${shown} is stale; run toolwright codegen:\n${stale.join('\n')}\n`);
    return 1;
  }
  const wrote = writeManifest(result.manifest, out);
  io.stderr(`${wrote ? 'Wrote' : 'Unchanged:'} ${shown} (${count}).\n`);
  if (values['search-index']) {
    const index = writeSearchIndex(
      result.manifest,
      opened.tsconfig,
      out,
      opened.loaded.programs.lean,
    );
    io.stderr(`Wrote ${displayPath(index, io)} (search index).\n`);
  }
  return 0;
}

/** Writes `tools.search.json` beside the manifest; returns its path. */
function writeSearchIndex(
  manifest: ToolManifest,
  tsconfig: string,
  out: string,
  program: ts.Program,
): string {
  const root = dirname(tsconfig);
  // The sources codegen's program parsed, or (a file outside it) read from disk.
  const read = (file: string): ts.SourceFile | string | undefined => {
    const path = resolve(root, file);
    return (
      program.getSourceFile(path) ?? (existsSync(path) ? readFileSync(path, 'utf8') : undefined)
    );
  };
  const path = join(dirname(out), 'tools.search.json');
  writeFileSync(path, `${JSON.stringify(buildToolIndex(manifest, read))}\n`);
  return path;
}
