/**
 * The `toolwright` command line. Subcommands are a table: each entry is a summary and a runner
 * taking its arguments and the io; the launcher `bin/toolwright.js` calls `main` and sets the
 * exit code it returns (0 ok, 1 errors or stale, 2 usage).
 */
import { processIo } from './cli/io';
import type { CliIo } from './cli/io';
import { packageVersion } from './cli/version';

/** One subcommand of the CLI. */
export interface Subcommand {
  summary: string;
  run: (args: string[], io: CliIo) => Promise<number>;
  /** Whether it reads a project with codegen's compiler (see `useCachedCompiler`). */
  readsProjects?: boolean;
}

/** Every subcommand, by name; each loads its modules only when it runs. */
export const SUBCOMMANDS: Record<string, Subcommand> = {
  codegen: {
    summary: 'Write (or --check, or --watch) the tool manifest from JSDoc and types.',
    run: async (args, io) => (await import('./cli/codegen')).runCodegenCommand(args, io),
    readsProjects: true,
  },
  show: {
    summary: 'Print the tool definitions in a wire format (anthropic, openai, xml, manifest).',
    run: async (args, io) => (await import('./cli/show')).runShowCommand(args, io),
    readsProjects: true,
  },
  mcp: {
    summary: 'Serve the registry a module exports to MCP clients (stdio, or HTTP with --http).',
    run: async (args) => (await import('./cli/mcp')).runMcpCommand(args),
  },
};

function globalHelp(): string {
  const names = Object.keys(SUBCOMMANDS);
  const width = Math.max(...names.map((name) => name.length));
  return [
    'Usage: toolwright <command> [options]',
    '',
    'Commands:',
    ...names.map((name) => `  ${name.padEnd(width)}  ${SUBCOMMANDS[name]!.summary}`),
    '',
    'Options:',
    "  -v, --version  Print toolwright's version.",
    '  -h, --help     Show this help.',
    '',
    "Run 'toolwright <command> --help' for a command's options.",
    '',
  ].join('\n');
}

/** How `main` runs. */
export interface MainOptions {
  /**
   * Whether commands that read a project load the compiler through the cache folder
   * (`useCachedCompiler`): what the launcher's own process does; off by default, for a caller
   * whose process has its own module loading (a test runner's).
   */
  cachedCompiler?: boolean;
}

/**
 * Runs the CLI with `argv` (without `node` and the script) and resolves to the exit code.
 * @example
 * process.exitCode = await main(['codegen', '--check', '-p', 'tsconfig.json']);
 */
export async function main(
  argv: string[],
  io: CliIo = processIo(),
  options: MainOptions = {},
): Promise<number> {
  const [command, ...args] = argv;
  if (command === '--version' || command === '-v') {
    io.stdout(`${packageVersion()}\n`);
    return 0;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    io.stdout(globalHelp());
    return 0;
  }
  const subcommand =
    command && Object.prototype.hasOwnProperty.call(SUBCOMMANDS, command)
      ? SUBCOMMANDS[command]
      : undefined;
  if (!subcommand) {
    io.stderr(`${command ? `toolwright: unknown command "${command}"\n\n` : ''}${globalHelp()}`);
    return 2;
  }
  try {
    if (options.cachedCompiler && subcommand.readsProjects)
      (await import('./compiler/useCachedCompiler')).useCachedCompiler();
    return await subcommand.run(args, io);
  } catch (error) {
    io.stderr(
      `toolwright ${command}: internal error: ${(error as Error).stack ?? String(error)}\n`,
    );
    return 2;
  }
}

if (require.main === module) {
  void main(process.argv.slice(2), processIo(), { cachedCompiler: true }).then((code) => {
    process.exitCode = code;
  });
}
