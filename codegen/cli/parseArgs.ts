/**
 * A subcommand's options as one table: Node's `util.parseArgs` (strict) parses argv from it, and
 * the same table prints `--help`. Unknown flags, missing or ambiguous values (`-o --check`) and
 * stray arguments are usage errors (exit 2) with a message naming the option.
 */
import { parseArgs as nodeParseArgs } from 'node:util';

/** One option of a subcommand. */
export interface OptionSpec {
  /** `-p`, `--project`: every spelling that sets it (at most one short and one long). */
  flags: string[];
  /** The key in the parsed values (the long flag's name). */
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
  /** What its exit codes mean, for `--help`. */
  exitCodes: string;
}

/** Parsed options: strings for valued options, `true` for flags. */
export type ParsedArgs =
  { ok: true; values: Record<string, string | true> } | { ok: false; error: string };

export const HELP_OPTION: OptionSpec = {
  flags: ['-h', '--help'],
  key: 'help',
  description: 'Show this help.',
};

type NodeOptions = Record<string, { type: 'string' | 'boolean'; short?: string }>;

const nodeOptions = (spec: CommandSpec): NodeOptions =>
  Object.fromEntries(
    spec.options.map((option) => {
      const short = option.flags.find((flag) => /^-[^-]$/.test(flag));
      return [
        option.key,
        { type: option.value ? 'string' : 'boolean', ...(short ? { short: short[1] } : {}) },
      ] as const;
    }),
  );

/** `-p=x` means `-p x` (util.parseArgs would read the value `=x`). */
const splitShortEquals = (args: readonly string[]): string[] => {
  const out: string[] = [];
  for (const [index, arg] of args.entries()) {
    if (arg === '--') return [...out, ...args.slice(index)];
    const short = /^(-[^-])=(.*)$/s.exec(arg);
    out.push(...(short ? [short[1]!, short[2]!] : [arg]));
  }
  return out;
};

/** The option a util.parseArgs error message is about (`'-o, --out <value>'`, `'--check'`). */
function optionIn(message: string, spec: CommandSpec): OptionSpec | undefined {
  const quoted = /'(-[^' ,]+)/.exec(message)?.[1];
  return spec.options.find((option) => quoted && option.flags.includes(quoted));
}

function usageMessage(error: { code?: string; message: string }, spec: CommandSpec): string {
  const option = optionIn(error.message, spec);
  const flag = /'(-[^' ,]+)/.exec(error.message)?.[1] ?? '';
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${flag}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (option && !option.value) return `${flag} takes no value`;
      if (option)
        return `${flag} needs a value ${option.value}${/ambiguous/.test(error.message) ? ` (to pass a value starting with "-", write ${option.flags.at(-1)}=<value>)` : ''}`;
      return error.message.split('\n')[0]!;
    default:
      return error.message.split('\n')[0]!;
  }
}

/**
 * Parses `args` against `spec` with `util.parseArgs` (strict): `--out=x`, `-o x`, `-ox`, `-o=x`,
 * and `--` (which ends the options) all work.
 */
export function parseArgs(args: readonly string[], spec: CommandSpec): ParsedArgs {
  let parsed: ReturnType<typeof nodeParseArgs>;
  try {
    parsed = nodeParseArgs({
      args: splitShortEquals(args),
      options: nodeOptions(spec),
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    return { ok: false, error: usageMessage(error as { code?: string; message: string }, spec) };
  }
  const [positional] = parsed.positionals;
  if (positional !== undefined) return { ok: false, error: `unexpected argument ${positional}` };
  const values: Record<string, string | true> = {};
  for (const option of spec.options) {
    const value = parsed.values[option.key];
    if (typeof value === 'string' && value === '')
      return { ok: false, error: `${option.flags.at(-1)} needs a value ${option.value}` };
    if (typeof value === 'string' || value === true) values[option.key] = value;
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
    `Exit codes: ${spec.exitCodes}`,
    '',
  ].join('\n');
}
