/** The CLI end to end on real files: exit codes, outputs, --check after an edit, show formats. */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { toAnthropicTools } from '../src/wire/anthropic/toAnthropicTools';
import { runCli, tempProject } from './__fixtures__/tempProject';
import { parseRenderedManifest } from './emit/renderManifest';

// Real projects are loaded and type-resolved; give a loaded CI machine room.
jest.setTimeout(90_000);

const SERVICE = `import { Tool as T, Param } from 'toolwright';
import * as tw from 'toolwright';

export interface Quote { symbol: string; price: number }

export class StockService {
  /**
   * Gets the current stock price for a company.
   * @param symbol The stock symbol.
   * @returns The price as a float.
   */
  @T()
  getCurrentStockPrice(@Param() symbol: string): number { return symbol.length; }

  /** Quotes several symbols. */
  @tw.Tool({ requiresApproval: true })
  quotes(@tw.Param() symbols: readonly string[], @tw.Ctx() ctx: unknown): Quote[] { return [ctx as Quote]; }
}
`;

const projects: { cleanup: () => void }[] = [];
const project = (files: Record<string, string>, options?: { linked?: boolean }) => {
  const created = tempProject(files, options);
  projects.push(created);
  return created.root;
};
afterAll(() => projects.forEach((p) => p.cleanup()));

describe('toolwright CLI', () => {
  it('a tsconfig without experimentalDecorators is an error at the first @Tool of each file', async () => {
    const tsconfig = {
      compilerOptions: { target: 'ES2022', module: 'commonjs', strict: true, types: [] },
      include: ['src'],
    };
    const root = project({
      'tsconfig.json': JSON.stringify(tsconfig),
      'src/service.ts': SERVICE,
    });
    const run = await runCli(['codegen'], root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'src/service.ts:12:3 - error TW116: the project compiles decorators without "experimentalDecorators"',
    );
    expect(run.stderr).toContain(
      'add "experimentalDecorators": true and "emitDecoratorMetadata": true to compilerOptions in tsconfig.json',
    );
  });

  it('a tool class with constructor parameters, compiled without emitDecoratorMetadata, is warned of at its constructor', async () => {
    const tsconfig = (metadata: boolean) => ({
      compilerOptions: {
        target: 'ES2022',
        module: 'commonjs',
        strict: true,
        experimentalDecorators: true,
        ...(metadata && { emitDecoratorMetadata: true }),
        types: [],
      },
      include: ['src'],
    });
    const service = SERVICE.replace(
      'export class StockService {\n',
      'export class StockService {\n  constructor(private readonly prices: Map<string, number>) {}\n',
    );
    const without = project({
      'tsconfig.json': JSON.stringify(tsconfig(false)),
      'src/service.ts': service,
    });
    const run = await runCli(['codegen'], without);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      `src/service.ts:7:3 - warning TW216: the project compiles decorators without "emitDecoratorMetadata", so StockService's constructor parameters have no design:paramtypes: a container such as NestJS injects undefined for each, and every tool call fails; add "emitDecoratorMetadata": true to compilerOptions in tsconfig.json`,
    );
    const withMetadata = project({
      'tsconfig.json': JSON.stringify(tsconfig(true)),
      'src/service.ts': service,
    });
    expect((await runCli(['codegen'], withMetadata)).stderr).not.toContain('TW216');
  });

  it('prints help and exits 0; no command or an unknown one is a usage error', async () => {
    const help = await runCli(['--help'], '/');
    expect(help).toMatchObject({ code: 0, stderr: '' });
    expect(help.stdout).toMatch(/Usage: toolwright <command>[\s\S]*codegen[\s\S]*show[\s\S]*mcp/);
    expect(await runCli([], '/')).toMatchObject({ code: 2, stdout: '' });
    expect(await runCli(['frobnicate'], '/')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('unknown command "frobnicate"'),
    });
    const version = await runCli(['--version'], '/');
    expect(version).toEqual({
      code: 0,
      stdout: `${(JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')) as { version: string }).version}\n`,
      stderr: '',
    });
    expect(help.stdout).toContain('  -v, --version');
    const codegenHelp = await runCli(['codegen', '--help'], '/');
    expect(codegenHelp.code).toBe(0);
    expect(codegenHelp.stdout).toContain(
      'Usage: toolwright codegen [-p tsconfig.json] [-o src/tools.manifest.ts] [--check] [--watch]',
    );
  });

  it.each([
    [['codegen', '--bogus'], 'unknown option --bogus'],
    [['codegen', '-p'], '-p needs a value <tsconfig>'],
    [['codegen', '-o', '--check'], '-o needs a value <file>'],
    [['codegen', '--check', '--watch'], '--check and --watch cannot be combined'],
    [['codegen', '-p', 'missing.json'], 'cannot find'],
    [
      ['show', '--format', 'yaml'],
      'unknown format "yaml"; use one of anthropic, openai, xml, manifest',
    ],
  ])('%j is a usage error (exit 2)', async (argv, message) => {
    const root = project({ 'src/s.ts': SERVICE });
    const run = await runCli(argv, root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(existsSync(join(root, '--check'))).toBe(false);
  });

  it('writes the manifest, then --check passes, then fails after a JSDoc edit', async () => {
    const root = project({ 'src/service.ts': SERVICE });
    const first = await runCli(['codegen'], root);
    expect(first).toEqual({
      code: 0,
      stdout: '',
      stderr: 'Wrote src/tools.manifest.ts (2 tools).\n',
    });
    const written = readFileSync(join(root, 'src/tools.manifest.ts'), 'utf8');
    expect(written).toContain(
      'export interface GetCurrentStockPriceInput {\n  /** The stock symbol. */\n  symbol: string;\n}',
    );
    expect(written).toContain('export interface QuotesInput {\n  symbols: string[];\n}');
    expect(written).toContain(
      'export interface ToolInputs {\n  get_current_stock_price: GetCurrentStockPriceInput;\n  quotes: QuotesInput;\n}',
    );
    expect(parseRenderedManifest(written)?.tools.map((t) => t.target)).toEqual([
      { class: 'StockService', method: 'getCurrentStockPrice', file: 'src/service.ts', line: 13 },
      { class: 'StockService', method: 'quotes', file: 'src/service.ts', line: 17 },
    ]);

    expect(await runCli(['codegen'], root)).toMatchObject({
      code: 0,
      stderr: 'Unchanged: src/tools.manifest.ts (2 tools).\n',
    });
    expect(await runCli(['codegen', '--check', '-p', 'tsconfig.json'], root)).toMatchObject({
      code: 0,
      stderr: 'src/tools.manifest.ts is up to date (2 tools).\n',
    });

    writeFileSync(
      join(root, 'src/service.ts'),
      SERVICE.replace('The stock symbol.', 'The ticker symbol.'),
    );
    expect(await runCli(['codegen', '--check'], root)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'src/tools.manifest.ts is stale; run toolwright codegen:\n  ~ get_current_stock_price (inputSchema, params changed)\n',
    });
    expect(readFileSync(join(root, 'src/tools.manifest.ts'), 'utf8')).toBe(written);
    // The new manifest has the old one's size (one word for another of its length): still written.
    writeFileSync(
      join(root, 'src/service.ts'),
      SERVICE.replace('The stock symbol.', 'The share symbol.'),
    );
    expect(await runCli(['codegen'], root)).toMatchObject({
      code: 0,
      stderr: 'Wrote src/tools.manifest.ts (2 tools).\n',
    });
    const rewritten = readFileSync(join(root, 'src/tools.manifest.ts'), 'utf8');
    expect(rewritten).toBe(written.replaceAll('The stock symbol.', 'The share symbol.'));
    expect(Buffer.byteLength(rewritten)).toBe(Buffer.byteLength(written));

    writeFileSync(join(root, 'src/service.ts'), SERVICE.replace('@T()', '@T({ name: "price" })'));
    expect((await runCli(['codegen', '--check'], root)).stderr).toContain(
      '  + price (added)\n  - get_current_stock_price (removed)\n',
    );
  });

  it('--check on a missing manifest fails', async () => {
    const root = project({ 'src/service.ts': SERVICE });
    expect(await runCli(['codegen', '--check', '-o', 'out/tools.json'], root)).toMatchObject({
      code: 1,
      stderr: 'out/tools.json is stale; run toolwright codegen:\n  the file does not exist\n',
    });
    expect(existsSync(join(root, 'out/tools.json'))).toBe(false);
  });

  it('writes JSON for a .json path', async () => {
    const root = project({ 'src/service.ts': SERVICE });
    expect((await runCli(['codegen', '-o', 'tools.json'], root)).code).toBe(0);
    const text = readFileSync(join(root, 'tools.json'), 'utf8');
    expect(JSON.parse(text)).toMatchObject({
      version: 1,
      tools: [{ name: 'get_current_stock_price' }, { name: 'quotes' }],
    });
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
  });

  it('a function-typed parameter is exit 1 with file:line:col, and nothing is written', async () => {
    const root = project({
      'src/bad.ts': `import { Tool, Param } from 'toolwright';
export class Bad {
  /** Calls back. */
  @Tool()
  later(@Param() callback: () => void) { return callback; }
}
`,
    });
    expect(await runCli(['codegen'], root)).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'src/bad.ts:5:18 - error TW101: Bad.later: a function type cannot be sent as JSON (at callback); take the data it needs instead\n' +
        'Found 1 error and 0 warnings.\n' +
        'No manifest written: fix the errors above.\n',
    });
    expect(existsSync(join(root, 'src/tools.manifest.ts'))).toBe(false);
    expect(await runCli(['show'], root)).toMatchObject({ code: 1, stdout: '' });
  });

  it("an unresolved type is exit 1 with tsc's words, and nothing is written", async () => {
    const root = project({
      'src/bad.ts': `import { Tool, Param } from 'toolwright';
export class Bad {
  /** Quotes. */
  @Tool()
  quote(@Param() symbol: MissingType) { return symbol; }
}
`,
    });
    const run = await runCli(['codegen'], root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "src/bad.ts:5:26 - error TW113: TypeScript error TS2304: Cannot find name 'MissingType'. (codegen cannot describe code that does not compile)\n",
    );
    expect(run.stderr).toContain('No manifest written: fix the errors above.\n');
    expect(existsSync(join(root, 'src/tools.manifest.ts'))).toBe(false);
  });

  it('warnings print but do not fail', async () => {
    const root = project({
      'src/w.ts': `import { Tool, Param } from 'toolwright';
export class W {
  @Tool()
  loose(@Param() value: any) { return value; }
}
`,
    });
    const run = await runCli(['codegen'], root);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      'src/w.ts:4:3 - warning TW202: tool "loose" (W.loose) has no description; add a JSDoc comment or @Tool({ description })\n' +
        'src/w.ts:4:18 - warning TW201: W.loose: the type is any (at value); it accepts everything (schema {}); give it a type\n' +
        'Found 0 errors and 2 warnings.\n' +
        'Wrote src/tools.manifest.ts (1 tool).\n',
    );
  });

  it('show --format anthropic prints what toAnthropicTools renders; manifest prints the manifest', async () => {
    const root = project({ 'src/service.ts': SERVICE });
    const manifestRun = await runCli(['show', '--format', 'manifest'], root);
    expect(manifestRun.code).toBe(0);
    const manifest = JSON.parse(manifestRun.stdout);
    const anthropic = await runCli(
      ['show', '--format=anthropic', '-p', join(root, 'tsconfig.json')],
      '/',
    );
    expect(anthropic).toEqual({
      code: 0,
      stdout: `${JSON.stringify(toAnthropicTools(manifest.tools), null, 2)}\n`,
      stderr: '',
    });
    expect(JSON.parse(anthropic.stdout)[0]).toEqual({
      name: 'get_current_stock_price',
      description: 'Gets the current stock price for a company.\n\nReturns: The price as a float.',
      input_schema: {
        type: 'object',
        properties: { symbol: { type: 'string', description: 'The stock symbol.' } },
        required: ['symbol'],
        additionalProperties: false,
      },
    });
    expect((await runCli(['show'], root)).stdout).toBe(anthropic.stdout);
  });

  it.each([
    ['openai', '"name": "get_current_stock_price"'],
    ['xml', '<tool_name>get_current_stock_price</tool_name>'],
  ])('show --format %s renders the tools', async (format, expected) => {
    const run = await runCli(['show', '--format', format], project({ 'src/service.ts': SERVICE }));
    expect(run).toMatchObject({ code: 0, stdout: expect.stringContaining(expected), stderr: '' });
  });

  it('finds the decorators of a symlinked (npm link) install', async () => {
    const root = project({ 'src/service.ts': SERVICE }, { linked: true });
    const run = await runCli(['show', '--format', 'manifest'], root);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).tools.map((t: { name: string }) => t.name)).toEqual([
      'get_current_stock_price',
      'quotes',
    ]);
  });

  it('resolves imports as TypeScript 5 does for module commonjs (node10: "types", not "exports")', async () => {
    const root = project({
      'src/service.ts': SERVICE,
      'node_modules/toolwright/package.json': JSON.stringify({
        name: 'toolwright',
        types: 'dist/src/index.d.ts',
        exports: { '.': { types: './missing/index.d.ts' } },
      }),
    });
    const run = await runCli(['show', '--format', 'manifest'], root);
    expect(JSON.parse(run.stdout).tools).toHaveLength(2);
  });
});
