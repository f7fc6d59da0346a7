/**
 * A table-driven argument parser: each subcommand declares its options as data, and the same
 * table prints its `--help`. Unknown flags and missing values are usage errors (exit 2).
 */

/** One option of a subcommand. */
export interface OptionSpec {
  /** `-p`, `--project`: every spelling that sets it. */
  flags: string[];
  /** The key in the parsed values. */
  key: string;
  /** The value's placeholder in help (`<tsconfig>`); absent for boolean flags. */
  value?: string;
  description: string;
}

/** A subcommand's name, one-line usage and options. */
export interface CommandSpec {
  name: string;
  usage: string;
  summary: string;
  options: OptionSpec[];
}

/** Parsed options: strings for valued options, `true` for flags. */
export type ParsedArgs =
  { ok: true; values: Record<string, string | true> } | { ok: false; error: string };

export const HELP_OPTION: OptionSpec = {
  flags: ['-h', '--help'],
  key: 'help',
  description: 'Show this help.',
};

/** Parses `args` against `spec`. */
export function parseArgs(args: readonly string[], spec: CommandSpec): ParsedArgs {
  const values: Record<string, string | true> = {};
  const byFlag = new Map(
    spec.options.flatMap((option) => option.flags.map((flag) => [flag, option] as const)),
  );
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = equals > 0 ? arg.slice(0, equals) : arg;
    const option = byFlag.get(flag);
    if (!option) {
      return {
        ok: false,
        error: arg.startsWith('-') ? `unknown option ${arg}` : `unexpected argument ${arg}`,
      };
    }
    if (!option.value) {
      if (equals > 0) return { ok: false, error: `${flag} takes no value` };
      values[option.key] = true;
      continue;
    }
    const value = equals > 0 ? arg.slice(equals + 1) : args[++i];
    if (value === undefined || value === '')
      return { ok: false, error: `${flag} needs a value ${option.value}` };
    values[option.key] = value;
  }
  return { ok: true, values };
}

/** The `--help` text of a subcommand. */
export function helpText(spec: CommandSpec): string {
  const rows = spec.options.map((option) => [
    `${option.flags.join(', ')}${option.value ? ` ${option.value}` : ''}`,
    option.description,
  ]);
  const width = Math.max(...rows.map(([left]) => left!.length));
  return [
    `Usage: ${spec.usage}`,
    '',
    spec.summary,
    '',
    'Options:',
    ...rows.map(([left, right]) => `  ${left!.padEnd(width)}  ${right}`),
    '',
    'Exit codes: 0 ok, 1 errors in the tools (or a stale manifest with --check), 2 usage.',
    '',
  ].join('\n');
}
