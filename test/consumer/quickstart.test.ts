/**
 * The README's "Quick start in your project", copy-pasted into an empty directory outside the
 * repository: its shell commands run in order (with the packed tarball in place of the
 * registry's `toolwright`), its files are written where its text says, and the program it
 * builds runs against the testing kit's scripted server (through the SDK's ANTHROPIC_BASE_URL).
 * The same project, which has none of the optional peers, then loads `toolwright/mcp`,
 * `toolwright/nest` and `toolwright/jobs`: each must fail with one line naming the packages to
 * install.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { startScriptedServer } from 'toolwright/testing';
import type { ScriptedServer } from 'toolwright/testing';
import { packedPackage, ROOT } from './packedPackage';

const exec = promisify(execFile);
const FIXTURE = 'test/consumer/__fixtures__/quickstart/';
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** One step of the quick start: a shell block's commands, or a file to write. */
type Step = { kind: 'shell'; commands: string[] } | { kind: 'file'; path: string; text: string };

/** The quick start section of README.md, as steps in order. */
function quickStartSteps(): { steps: Step[]; prose: string[] } {
  const start = README.indexOf('\n## Quick start in your project\n');
  const end = README.slice(start + 1).search(/\n#{2,3} /) + start + 1;
  const section = README.slice(start, end);
  const steps: Step[] = [];
  const prose: string[] = [];
  const pattern = /(?:<!-- from: ([^>]+?) -->\s*\n)?```(\w*)\n([\s\S]*?)```/g;
  let last = 0;
  for (let match = pattern.exec(section); match; match = pattern.exec(section)) {
    const [, from, lang, code] = match;
    const before = section.slice(last, match.index);
    last = match.index + match[0].length;
    if (lang === 'bash') {
      const commands = code.split('\n').map((line) => line.replace(/#.*$/, '').trim());
      steps.push({ kind: 'shell', commands: commands.filter(Boolean) });
    } else if (from?.startsWith(FIXTURE)) {
      const path = from.slice(FIXTURE.length);
      steps.push({ kind: 'file', path, text: code });
      prose.push(`${path}: ${before}`);
    }
  }
  return { steps, prose };
}

/** The registry's `toolwright` in an `npm install` line becomes the packed tarball. */
const fromTarball = (command: string, tarball: string): string =>
  /^npm (install|i)\b/.test(command)
    ? command.replace(/(?<=\s)toolwright(?=\s|$)/, tarball)
    : command;

describe('the README quick start, copy-pasted into an empty directory', () => {
  let dir: string;
  let server: ScriptedServer;
  /** What each command printed, by command. */
  const printed = new Map<string, string>();
  const { steps, prose } = quickStartSteps();

  beforeAll(async () => {
    const { tarball } = await packedPackage();
    dir = mkdtempSync(join(tmpdir(), 'toolwright-quickstart-'));
    server = await startScriptedServer({
      turns: [
        {
          content: [{ type: 'tool_use', name: 'get_current_stock_price', input: { symbol: 'GM' } }],
        },
        { content: [{ type: 'text', text: 'General Motors trades at $39.50.' }] },
      ],
    });
    const env = {
      ...process.env,
      ANTHROPIC_API_KEY: 'test-key',
      ANTHROPIC_BASE_URL: server.url,
      npm_config_audit: 'false',
      npm_config_fund: 'false',
      npm_config_update_notifier: 'false',
      npm_config_prefer_offline: 'true',
    };
    for (const step of steps) {
      if (step.kind === 'file') {
        mkdirSync(dirname(join(dir, step.path)), { recursive: true });
        writeFileSync(join(dir, step.path), step.text);
        continue;
      }
      for (const command of step.commands) {
        const { stdout } = await exec('sh', ['-c', fromTarball(command, tarball)], {
          cwd: dir,
          env,
        });
        printed.set(command, stdout);
      }
    }
  }, 600_000);

  afterAll(async () => {
    await server?.close();
    if (dir && !process.env.KEEP_CONSUMER_TMP) rmSync(dir, { recursive: true, force: true });
  });

  it('shows the files it creates, each named in the text above it', () => {
    expect(steps.filter((s) => s.kind === 'file').map((s) => s.kind === 'file' && s.path)).toEqual([
      'tsconfig.json',
      'src/StockService.ts',
      'src/main.ts',
      'src/offline.ts',
    ]);
    for (const text of prose) {
      const [path, before] = text.split(/: ([\s\S]*)/);
      expect([path, before.includes(`\`${path}\``)]).toEqual([path, true]);
    }
  });

  it('installs toolwright from the packed tarball, not from the registry', () => {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    expect(pkg.dependencies.toolwright).toMatch(/^file:.*toolwright\.tgz$/);
  });

  it('generates the manifest at the default path, from the JSDoc', () => {
    const manifest = readFileSync(join(dir, 'src', 'tools.manifest.ts'), 'utf8');
    expect(manifest).toContain('export const manifest: ToolManifest');
    expect(manifest).toContain('"description": "The stock symbol, such as GM."');
  });

  it('runs the agent: the model gets the tool, the method answers, the answer is printed', () => {
    const [first, second] = server.requests;
    expect((first.body.tools as Array<{ name: string; description: string }>)[0]).toMatchObject({
      name: 'get_current_stock_price',
      description: expect.stringContaining('Gets the current stock price for a company.'),
    });
    const messages = second.body.messages as Array<{ content: unknown }>;
    expect(messages.at(-1)?.content).toEqual([
      expect.objectContaining({ type: 'tool_result', content: '39.5' }),
    ]);
    expect(printed.get('node dist/main.js')?.trim()).toBe('General Motors trades at $39.50.');
  });

  it('runs it offline too, against the scripted server the file starts itself', () => {
    expect(printed.get('node dist/offline.js')?.trim()).toBe('General Motors trades at $39.50.');
    // The offline run never reached the server the test gave main.js.
    expect(server.requests).toHaveLength(2);
  });

  it('prints codegen problems in the format the README shows', async () => {
    const shown =
      /<!-- output of: test\/consumer\/quickstart\.test\.ts -->\s*```text\n([\s\S]*?)```/.exec(
        README,
      );
    expect(shown).not.toBeNull();
    const service = (name: string, method: string) =>
      `import { Param, Tool } from 'toolwright';\nexport class ${name} {\n  /** Searches. */\n  @Tool()\n  ${method}\n}\n`;
    const broken: Record<string, string> = {
      'src/service.ts': service('Quotes', 'quote(@Param() symbol: MissingType) { return symbol; }'),
      'src/a.ts': service('A', 'search(@Param() q: string) { return q; }'),
      'src/b.ts': service('B', 'search(@Param() q: string) { return q; }'),
    };
    for (const [file, text] of Object.entries(broken)) writeFileSync(join(dir, file), text);
    try {
      const failed = await exec('npx', ['toolwright', 'codegen'], { cwd: dir }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed.code).toBe(1);
      for (const line of shown![1].trim().split('\n')) expect(failed.stderr).toContain(`${line}\n`);
    } finally {
      for (const file of Object.keys(broken)) rmSync(join(dir, file));
    }
  });

  describe('without the optional peers', () => {
    /** Loads `entry` with require and with import in the project; each error's name and message. */
    async function load(entry: string): Promise<unknown> {
      const script = `
        const report = (e) => e ? { name: e.name, message: e.message } : 'loaded';
        let required;
        try { require(${JSON.stringify(entry)}); } catch (e) { required = report(e); }
        import(${JSON.stringify(entry)}).then(() => report(), report).then((imported) =>
          process.stdout.write(JSON.stringify({ required: required ?? report(), imported })));
      `;
      const { stdout } = await exec(process.execPath, ['-e', script], { cwd: dir });
      return JSON.parse(stdout);
    }

    /** What a static `import` of `entry` in an ES module prints when it fails. */
    async function staticImport(entry: string): Promise<string> {
      writeFileSync(join(dir, 'peer.mjs'), `import ${JSON.stringify(entry)};\n`);
      try {
        await exec(process.execPath, ['peer.mjs'], { cwd: dir });
        return 'loaded';
      } catch (error) {
        return (error as { stderr: string }).stderr;
      }
    }

    it('has none installed', () => {
      for (const peer of [
        '@modelcontextprotocol/sdk',
        '@nestjs/common',
        '@nestjs/core',
        'bullmq',
        'ioredis',
        'ai',
        '@langchain/core',
      ]) {
        expect(existsSync(join(dir, 'node_modules', peer))).toBe(false);
      }
      expect(existsSync(join(dir, 'node_modules', 'toolwright', 'package.json'))).toBe(true);
    });

    it.each([
      [
        'toolwright/mcp',
        'toolwright/mcp needs @modelcontextprotocol/sdk, not installed; run: npm install @modelcontextprotocol/sdk',
      ],
      [
        'toolwright/mcp2',
        'toolwright/mcp2 needs @modelcontextprotocol/sdk and @modelcontextprotocol/server and @modelcontextprotocol/node, not installed; run: npm install @modelcontextprotocol/sdk @modelcontextprotocol/server @modelcontextprotocol/node',
      ],
      [
        'toolwright/nest',
        'toolwright/nest needs @nestjs/common and @nestjs/core, not installed; run: npm install @nestjs/common @nestjs/core',
      ],
      [
        'toolwright/jobs',
        'toolwright/jobs needs bullmq and ioredis, not installed; run: npm install bullmq ioredis',
      ],
      ['toolwright/ai-sdk', 'toolwright/ai-sdk needs ai, not installed; run: npm install ai'],
      [
        'toolwright/langchain',
        'toolwright/langchain needs @langchain/core, not installed; run: npm install @langchain/core',
      ],
    ])('%s fails with one line naming what to install', async (entry, message) => {
      const error = { name: 'MissingPeerError', message };
      expect(await load(entry)).toEqual({ required: error, imported: error });
      const printed = await staticImport(entry);
      expect(printed).toContain(`MissingPeerError: ${message}\n`);
      expect(printed).not.toMatch(/Cannot find module|Require stack/);
    });

    it('toolwright itself loads', async () => {
      expect(await load('toolwright')).toEqual({ required: 'loaded', imported: 'loaded' });
    });
  });
});
