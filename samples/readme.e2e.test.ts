/**
 * Keeps README.md honest: every TypeScript or JSON block must be an excerpt of the file named in the
 * `<!-- from: path -->` comment above it (a sample or a test, so it compiles and runs), and
 * every shell command must name an npm script or a CLI subcommand that exists.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SUBCOMMANDS } from '../codegen/cli';

const ROOT = join(__dirname, '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts,
);

interface Block {
  lang: string;
  code: string;
  /** `from` (an excerpt of `source`) or `output of` (text that the test `source` checks). */
  marker?: 'from' | 'output of';
  source?: string;
  line: number;
}

/** The fenced blocks of the README, each with the `from:` comment just above it. */
function blocks(): Block[] {
  const found: Block[] = [];
  const pattern = /(?:<!-- (from|output of): ([^>]+?) -->\s*\n)?```(\w*)\n([\s\S]*?)```/g;
  for (let match = pattern.exec(readme); match; match = pattern.exec(readme)) {
    const line = readme.slice(0, match.index).split('\n').length;
    const marker = match[1] as Block['marker'];
    found.push({ marker, source: match[2], lang: match[3], code: match[4], line });
  }
  return found;
}

/**
 * Code with formatting taken out (whitespace, and the trailing commas Prettier adds when it
 * wraps), so an excerpt matches its source however each was wrapped.
 */
const normalized = (text: string): string => text.replace(/\s+/g, '').replace(/,(?=[\])}])/g, '');

const typescript = blocks().filter((block) => ['ts', 'typescript', 'json'].includes(block.lang));
const shell = blocks().filter((block) => block.lang === 'bash' || block.lang === 'sh');

describe('README.md', () => {
  it('starts with the two commands of a new user', () => {
    const commands = shell[0].code.split('\n').map((line) => line.replace(/#.*$/, '').trim());
    expect(commands.filter(Boolean)).toEqual(['npm install && npm run demo', 'npm test']);
  });

  it('shows only output that a test reads from README.md and checks', () => {
    for (const block of blocks().filter((b) => b.lang === 'text')) {
      expect(`${block.marker}: ${block.source}`).toMatch(/^output of: \S+\.test\.ts$/);
      expect(readFileSync(join(ROOT, block.source!), 'utf8')).toContain('README.md');
    }
  });

  it.each(typescript.map((block) => [`line ${block.line}`, block] as const))(
    'TypeScript (or JSON) block at %s is an excerpt of the file it names',
    (_where, block) => {
      expect(block.marker).toBe('from');
      expect(block.source).toBeDefined();
      const source = readFileSync(join(ROOT, block.source!), 'utf8');
      expect(normalized(source)).toContain(normalized(block.code));
    },
  );

  it.each(shell.map((block) => [`line ${block.line}`, block] as const))(
    'shell block at %s uses scripts and subcommands that exist',
    (_where, block) => {
      for (const command of block.code
        .split('\n')
        .flatMap((line) => line.split('&&'))
        .map((c) => c.trim())) {
        const bare = command
          .replace(/#.*$/, '')
          .replace(/^(\w+=\S*\s+)+/, '')
          .trim();
        if (!bare) continue;
        const run = /^npm run (\S+)/.exec(bare);
        const cli = /^npx toolwright (\S+)/.exec(bare);
        if (run) expect(scripts).toContain(run[1]);
        else if (cli) expect(Object.keys(SUBCOMMANDS)).toContain(cli[1]);
        else expect(bare).toMatch(/^(npm (install|test|ci|init)\b|npx tsc$|node \S+\.js$)/);
      }
    },
  );
});
