/**
 * Keeps README.md honest: every TypeScript block must be an excerpt of the file named in the
 * `<!-- from: path -->` comment above it (a sample or a test, so it compiles and runs), and
 * every shell command must name an npm script or a CLI subcommand that exists.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUBCOMMANDS } from '../codegen/cli';

const ROOT = join(__dirname, '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const scripts = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts);

interface Block {
  lang: string;
  code: string;
  source?: string;
  line: number;
}

/** The fenced blocks of the README, each with the `from:` comment just above it. */
function blocks(): Block[] {
  const found: Block[] = [];
  const pattern = /(?:<!-- from: ([^>]+?) -->\s*\n)?```(\w*)\n([\s\S]*?)```/g;
  for (let match = pattern.exec(readme); match; match = pattern.exec(readme)) {
    const line = readme.slice(0, match.index).split('\n').length;
    found.push({ source: match[1], lang: match[2], code: match[3], line });
  }
  return found;
}

/** Lines without their indentation and without blank lines: how excerpts are compared. */
const normalized = (text: string): string =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .join('\n');

const typescript = blocks().filter((block) => block.lang === 'ts' || block.lang === 'typescript');
const shell = blocks().filter((block) => block.lang === 'bash' || block.lang === 'sh');

describe('README.md', () => {
  it('starts with the two commands of a new user', () => {
    expect(shell[0].code).toBe('npm install && npm run demo\nnpm test\n');
  });

  it.each(typescript.map((block) => [`line ${block.line}`, block] as const))(
    'TypeScript block at %s is an excerpt of the file it names',
    (_where, block) => {
      expect(block.source).toBeDefined();
      const source = readFileSync(join(ROOT, block.source!), 'utf8');
      expect(normalized(source)).toContain(normalized(block.code));
    },
  );

  it.each(shell.map((block) => [`line ${block.line}`, block] as const))(
    'shell block at %s uses scripts and subcommands that exist',
    (_where, block) => {
      for (const command of block.code.split('\n').flatMap((line) => line.split('&&')).map((c) => c.trim())) {
        if (!command || command.startsWith('#') || command.startsWith('export ')) continue;
        const run = /^npm run (\S+)/.exec(command);
        const cli = /^npx toolwright (\S+)/.exec(command);
        if (run) expect(scripts).toContain(run[1]);
        else if (cli) expect(Object.keys(SUBCOMMANDS)).toContain(cli[1]);
        else expect(['npm install', 'npm test', 'npm ci']).toContain(command.replace(/\s+#.*$/, ''));
      }
    },
  );
});
