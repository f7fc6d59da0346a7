/**
 * Keeps README.md and the guides in docs/ honest: every TypeScript or JSON block must be an excerpt of the file named in the
 * `<!-- from: path -->` comment above it (a sample or a test, so it compiles and runs), and
 * every shell command must name an npm script or a CLI subcommand that exists. A block may open
 * with import lines its source does not hold (a test in src/ imports relatively): each names what
 * the package entry point exports (as its API report in api/ lists it), or what the source
 * imports from the same module; and every toolwright name a block uses, it imports, a type with
 * `import type` (Nest's isolatedModules with emitDecoratorMetadata refuses it otherwise, TS1272).
 * Every relative link resolves: its file exists, and its `#anchor` is a heading's slug there;
 * on the generated API reference in docs/api/ too (its blocks are signatures, not excerpts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { SUBCOMMANDS } from '../codegen/cli';
import { brokenLinks } from './markdownLinks';

const ROOT = join(__dirname, '..');
/** The pages: README.md, then each guide in docs/ (paths from the repository root). */
const pages = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const texts = new Map(pages.map((page) => [page, readFileSync(join(ROOT, page), 'utf8')]));
/** The generated API reference's pages (test/api/apiDocs.ts), checked for their links only. */
const referencePages = readdirSync(join(ROOT, 'docs', 'api')).map((name) => `docs/api/${name}`);
/** Everything the pages say, for what must be said somewhere. */
const allText = [...texts.values()].join('\n');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  scripts: object;
  files: string[];
  devDependencies: Record<string, string>;
};
const scripts = Object.keys(packageJson.scripts);

interface Block {
  /** The page the block is on. */
  page: string;
  lang: string;
  code: string;
  /** `from` (an excerpt of `source`) or `output of` (text that the test `source` checks). */
  marker?: 'from' | 'output of';
  source?: string;
  line: number;
}

/** The fenced blocks of a page, each with the `from:` comment just above it. */
function blocksOf(page: string): Block[] {
  const text = texts.get(page)!;
  const found: Block[] = [];
  const pattern = /(?:<!-- (from|output of): ([^>]+?) -->\s*\n)?```(\w*)\n([\s\S]*?)```/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const line = text.slice(0, match.index).split('\n').length;
    const marker = match[1] as Block['marker'];
    found.push({ page, marker, source: match[2], lang: match[3], code: match[4], line });
  }
  return found;
}

/** The fenced blocks of every page. */
const blocks = (): Block[] => pages.flatMap(blocksOf);

/**
 * Code with formatting taken out (whitespace, and the trailing commas Prettier adds when it
 * wraps), so an excerpt matches its source however each was wrapped.
 */
const normalized = (text: string): string => text.replace(/\s+/g, '').replace(/,(?=[\])}])/g, '');

/** One import statement: its module and the names it binds (`type`: imported as a type only). */
interface Import {
  module: string;
  names: { name: string; type: boolean }[];
}

const IMPORT = /^import\s+(type\s+)?(?:(\w+)\s*,?\s*)?(?:\{([^}]*)\})?\s*from\s*'([^']+)';?/;

function importOf(statement: string): Import | undefined {
  const match = IMPORT.exec(statement);
  if (!match) return undefined;
  const typeOnly = Boolean(match[1]);
  const names = (match[3] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => ({
      name: part
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()!,
      type: typeOnly || part.startsWith('type '),
    }));
  if (match[2]) names.push({ name: match[2], type: typeOnly });
  return { module: match[4], names };
}

/** The import statements a code opens with, and the code after them. */
function splitImports(code: string): { imports: Import[]; body: string } {
  const imports: Import[] = [];
  let rest = code.trimStart();
  for (let match = IMPORT.exec(rest); match; match = IMPORT.exec(rest)) {
    imports.push(importOf(match[0])!);
    rest = rest.slice(match[0].length).trimStart();
  }
  return { imports, body: rest };
}

/** Every import statement anywhere in a source file. */
const importsIn = (source: string): Import[] =>
  [...source.matchAll(/^import\s[^;]*;/gm)].flatMap((match) => importOf(match[0]) ?? []);

/**
 * What each entry point of the package exports, from its API report: module (`toolwright`,
 * `toolwright/nest`…) → name → whether the name is only a type (an interface or a type alias).
 */
function packageExports(): Map<string, Map<string, boolean>> {
  const entries = new Map<string, Map<string, boolean>>();
  for (const file of readdirSync(join(ROOT, 'api')).filter((name) => name.endsWith('.api.md'))) {
    const entry = file.replace(/\.api\.md$/, '').replace(/^toolwright-?/, '');
    const names = new Map<string, boolean>();
    const report = readFileSync(join(ROOT, 'api', file), 'utf8');
    const declared =
      /^export (?:declare )?(?:abstract )?(class|function|const|let|interface|type|enum) (\w+)/gm;
    for (const [, kind, name] of report.matchAll(declared))
      names.set(name, kind === 'interface' || kind === 'type');
    entries.set(entry ? `toolwright/${entry}` : 'toolwright', names);
  }
  return entries;
}

const exported = packageExports();
/** Every name some entry point exports → whether it is only a type there. */
const toolwrightNames = new Map([...exported.values()].flatMap((names) => [...names]));

/** The identifiers a code uses (not after a dot), with comments and strings taken out. */
const identifiersIn = (code: string): Set<string> =>
  new Set(
    code
      .replace(/\/\/.*$/gm, '')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`|"(?:[^"\\\n]|\\.)*"/g, "''")
      .match(/(?<![.\w$])[A-Za-z_$][\w$]*/g) ?? [],
  );

/** What is wrong with an import a block opens with, given the source it is an excerpt of. */
function importProblems(imported: Import, source: Import[]): string[] {
  const entry = exported.get(imported.module);
  if (entry)
    return imported.names.flatMap(({ name, type }) => {
      if (!entry.has(name)) return [`${imported.module} exports no ${name}`];
      if (entry.get(name) && !type) return [`${name} is a type: import type { ${name} }`];
      return [];
    });
  if (/^toolwright(\/|$)/.test(imported.module)) return [`no entry point ${imported.module}`];
  const fromSource = new Set(
    source.filter((i) => i.module === imported.module).flatMap((i) => i.names.map((n) => n.name)),
  );
  return imported.names
    .filter(({ name }) => !fromSource.has(name))
    .map(({ name }) => `the source does not import ${name} from ${imported.module}`);
}

const typescript = blocks().filter((block) => ['ts', 'typescript', 'json'].includes(block.lang));
const shell = blocks().filter((block) => block.lang === 'bash' || block.lang === 'sh');

describe('README.md and docs/', () => {
  it('README.md starts with the two commands of a new user', () => {
    const commands = shell[0].code.split('\n').map((line) => line.replace(/#.*$/, '').trim());
    expect(commands.filter(Boolean)).toEqual(['npm install && npm run demo', 'npm test']);
  });

  it('shows only output that a test reads from the page and checks', () => {
    for (const block of blocks().filter((b) => b.lang === 'text')) {
      expect(`${block.marker}: ${block.source}`).toMatch(/^output of: \S+\.test\.ts$/);
      expect(readFileSync(join(ROOT, block.source!), 'utf8')).toContain(block.page);
    }
  });

  it.each(pages)('%s links only to files and headings that exist', (page) => {
    expect(brokenLinks(ROOT, page, texts.get(page)!)).toEqual([]);
  });

  it('the API reference in docs/api/ links only to files and headings that exist', () => {
    expect(referencePages.length).toBeGreaterThan(0);
    const broken = referencePages.flatMap((page) =>
      brokenLinks(ROOT, page, readFileSync(join(ROOT, page), 'utf8')).map(
        (problem) => `${page}: ${problem}`,
      ),
    );
    expect(broken).toEqual([]);
  });

  it.each(typescript.map((block) => [`${block.page}:${block.line}`, block] as const))(
    'TypeScript (or JSON) block at %s is an excerpt of the file it names',
    (_where, block) => {
      expect(block.marker).toBe('from');
      expect(block.source).toBeDefined();
      const source = readFileSync(join(ROOT, block.source!), 'utf8');
      const { imports, body } = splitImports(block.code);
      expect(normalized(source)).toContain(normalized(body));
      expect(imports.flatMap((imported) => importProblems(imported, importsIn(source)))).toEqual(
        [],
      );
    },
  );

  it.each(
    typescript
      .filter((block) => block.lang !== 'json')
      .map((block) => [`${block.page}:${block.line}`, block] as const),
  )('TypeScript block at %s imports every toolwright name it uses', (_where, block) => {
    const imports = importsIn(block.code);
    const bound = new Map(imports.flatMap((i) => i.names).map((n) => [n.name, n.type]));
    const body = block.code.replace(/^import\s[^;]*;/gm, '');
    const used = [...identifiersIn(body)].filter((name) => toolwrightNames.has(name));
    expect(used.filter((name) => !bound.has(name))).toEqual([]);
    const typesAsValues = imports.flatMap(({ module, names }) =>
      names.filter(({ name, type }) => exported.get(module)?.get(name) === true && !type),
    );
    expect(typesAsValues.map(({ name }) => `import type { ${name} }`)).toEqual([]);
  });

  const shipped = (path: string) =>
    packageJson.files.some((entry) => path === entry || path.startsWith(`${entry}/`));

  it('points to no README the package leaves out', () => {
    // A path starting with `.` is relative to its page; any other, to the package's root.
    const named = pages.flatMap((page) =>
      (texts.get(page)!.match(/[\w./-]+\/README\.md/g) ?? []).map((path) =>
        path.startsWith('.') ? posix.join(posix.dirname(page), path) : path,
      ),
    );
    expect(named.filter((path) => !shipped(path))).toEqual([]);
  });

  it('ships every guide README.md links to, and the API reference', () => {
    expect([...pages, ...referencePages].filter((page) => !shipped(page))).toEqual([]);
  });

  it.each([
    [
      'the ts-patch version `tspc` is tested with',
      `ts-patch ${packageJson.devDependencies['ts-patch']}`,
    ],
    [
      'the optional peer of the testing kit’s Bedrock streams',
      'npm install -D @smithy/eventstream-codec',
    ],
    ['the testing kit’s Vertex route', ':streamRawPredict` server-sent events'],
    ['the AI SDK’s offline test model', "import { MockLanguageModelV3 } from 'ai/test';"],
    ['the AI SDK’s approval answer', "type: 'tool-approval-response'"],
  ])('says %s', (_what, text) => {
    expect(allText).toContain(text);
  });

  it.each(shell.map((block) => [`${block.page}:${block.line}`, block] as const))(
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
