/** The option parser the codegen and show subcommands share: every argv spelling a user types. */
import { CODEGEN_COMMAND } from './codegen';
import { helpText, parseArgs } from './parseArgs';
import { SHOW_COMMAND } from './show';

const parse = (...args: string[]) => parseArgs(args, CODEGEN_COMMAND);

describe('parseArgs (codegen options)', () => {
  it.each([
    [['-p', 'a.json', '-o', 'out.ts'], { project: 'a.json', out: 'out.ts' }],
    [['--project', 'a.json', '--out', 'out.ts'], { project: 'a.json', out: 'out.ts' }],
    [['--project=a.json', '--out=out.ts'], { project: 'a.json', out: 'out.ts' }],
    [['-p=a.json', '-o=out.ts'], { project: 'a.json', out: 'out.ts' }],
    [['-pa.json'], { project: 'a.json' }],
    [['--check', '-p', 'a.json'], { check: true, project: 'a.json' }],
    [['-w'], { watch: true }],
    [['--out=--check'], { out: '--check' }],
    [['-p', 'a.json', '--'], { project: 'a.json' }],
    [[], {}],
  ])('%j', (args, values) => {
    expect(parse(...args)).toEqual({ ok: true, values });
  });

  it.each([
    [
      ['-o', '--check'],
      '-o needs a value <file> (to pass a value starting with "-", write --out=<value>)',
    ],
    [['--out', '--check'], '--out needs a value <file>'],
    [['-o'], '-o needs a value <file>'],
    [['--out='], '--out needs a value <file>'],
    [['--bogus'], 'unknown option --bogus'],
    [['-x'], 'unknown option -x'],
    [['--check=yes'], '--check takes no value'],
    [['stray.json'], 'unexpected argument stray.json'],
    [['--', '-p', 'a.json'], 'unexpected argument -p'],
  ])('%j is a usage error', (args, error) => {
    const parsed = parse(...args);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toContain(error);
  });

  it("show's --help names only show's options and exit codes (no --check)", () => {
    const help = helpText(SHOW_COMMAND);
    expect(help).not.toContain('--check');
    expect(help).toContain('Exit codes: 0 ok, 1 errors in the tools, 2 usage.');
    expect(helpText(CODEGEN_COMMAND)).toContain('(or a stale manifest with --check)');
  });

  it('--help lists every option of the table with its value placeholder', () => {
    expect(helpText(CODEGEN_COMMAND)).toContain(
      [
        'Options:',
        '  -p, --project <tsconfig>  The project (default: ./tsconfig.json).',
        '  -o, --out <file>          The manifest to write (default: src/tools.manifest.ts beside the tsconfig).',
        '  --check                   Write nothing; exit 1 if the manifest on disk is stale.',
        '  --watch, -w               Keep the project loaded and rewrite on every change.',
        "  --search-index            Also write the tool search index (tools.search.json beside the manifest) for an agent's toolSearch: { kind: 'client' }.",
        '  -h, --help                Show this help.',
      ].join('\n'),
    );
  });
});
