/**
 * `toolwright show`: prints the project's tools in one wire format to stdout (diagnostics go to
 * stderr, with a line for each tool that asks for strict tool use and goes out without it). The
 * formats are the table in `formats.ts`.
 */
import { nonStrictMessage, nonStrictTools } from '../../src/schema/strict/strictTools';
import { openPrograms } from '../collect/loadProgram';
import { runColdCodegen } from '../runProgram';
import { readCodegenSettings } from './codegenSettings';
import type { CliIo } from './io';
import { openProject, printDiagnostics } from './common';
import { SHOW_FORMATS } from './formats';
import { HELP_OPTION, helpText, parseArgs } from './parseArgs';
import type { CommandSpec } from './parseArgs';

const FORMAT_NAMES = Object.keys(SHOW_FORMATS);
/** The formats `--strict` applies to: those that render a provider's strict tool use. */
const STRICT_FORMATS = FORMAT_NAMES.filter((name) => SHOW_FORMATS[name]!.strictProvider);

/** The options of `toolwright show`. */
export const SHOW_COMMAND: CommandSpec = {
  name: 'show',
  usage: `toolwright show [-p tsconfig.json] [--format ${FORMAT_NAMES.join('|')}] [--strict]`,
  summary: 'Prints the tool definitions of a project to stdout, in a wire format.',
  exitCodes: '0 ok, 1 errors in the tools, 2 usage.',
  options: [
    {
      flags: ['-p', '--project'],
      key: 'project',
      value: '<tsconfig>',
      description: 'The project (default: ./tsconfig.json).',
    },
    {
      flags: ['-f', '--format'],
      key: 'format',
      value: '<format>',
      description: `One of: ${FORMAT_NAMES.map((name) => `${name} (${SHOW_FORMATS[name]!.description})`).join('; ')}. Default: anthropic.`,
    },
    {
      flags: ['--strict'],
      key: 'strict',
      description:
        'Render every tool as new ToolRegistry({ strict: true }) does (strict tool use unless @Tool({ strict: false })); anthropic and openai only.',
    },
    HELP_OPTION,
  ],
};

const usageError = (io: CliIo, message: string): number => {
  io.stderr(`toolwright show: ${message}\nUsage: ${SHOW_COMMAND.usage}\n`);
  return 2;
};

/** Runs `toolwright show` with its arguments. */
export async function runShowCommand(args: string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(args, SHOW_COMMAND);
  if (!parsed.ok) return usageError(io, parsed.error);
  const { values } = parsed;
  if (values.help) {
    io.stdout(helpText(SHOW_COMMAND));
    return 0;
  }
  const formatName = typeof values.format === 'string' ? values.format : 'anthropic';
  const format = Object.prototype.hasOwnProperty.call(SHOW_FORMATS, formatName)
    ? SHOW_FORMATS[formatName]
    : undefined;
  if (!format)
    return usageError(io, `unknown format "${formatName}"; use one of ${FORMAT_NAMES.join(', ')}`);
  if (values.strict === true && !format.strictProvider)
    return usageError(
      io,
      `--strict does not apply to --format ${formatName}, which has no strict tool use; use it with ${STRICT_FORMATS.join(' or ')}`,
    );
  const opened = openProject(values.project, io, (tsconfig) => ({
    programs: openPrograms(tsconfig),
    settings: readCodegenSettings(tsconfig),
  }));
  if (!opened.ok) return usageError(io, opened.error);
  const result = runColdCodegen(opened.loaded.programs, opened.loaded.settings);
  if (printDiagnostics(result.diagnostics, io)) return 1;
  const strict = values.strict === true;
  io.stdout(format.render(result.manifest, { strict }));
  if (format.strictProvider) {
    // A tool with its own `strict: true` already had its TW209 warning above.
    const unwarned = result.manifest.tools.filter((tool) => tool.options?.strict !== true);
    for (const tool of nonStrictTools(unwarned, format.strictProvider, strict)) {
      io.stderr(`toolwright show: ${nonStrictMessage(tool)}\n`);
    }
  }
  return 0;
}
