/**
 * The path outside users take: the command compiled to JavaScript (as `npm run build` emits
 * it, here into a temporary directory), serving a TypeScript module that has no tsconfig of
 * its own, so the command's own ts-node registration compiles it, in a CommonJS package and in
 * a `"type": "module"` one.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const ROOT = join(__dirname, '..', '..');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** The environment minus ts-node settings, so the module is compiled as a user's would be. */
function withoutTsNodeSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.startsWith('TS_NODE_')));
}

describe('compiled toolwright mcp on a TypeScript module without a tsconfig', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolwright-mcp-'));
    execFileSync(process.execPath, [
      TSC,
      join(__dirname, 'mcpMain.ts'),
      ...[
        '--outDir',
        join(dir, 'out'),
        '--rootDir',
        ROOT,
        '--module',
        'commonjs',
        '--target',
        'es2022',
      ],
      ...['--moduleResolution', 'node10', '--esModuleInterop', '--skipLibCheck', '--types', 'node'],
      ...['--experimentalDecorators', '--emitDecoratorMetadata', '--strict'],
    ]);
    const source = JSON.stringify(join(ROOT, 'src', 'index'));
    mkdirSync(join(dir, 'esm'));
    writeFileSync(join(dir, 'esm', 'package.json'), '{ "type": "module" }\n');
    const module = `import { Param, Tool, ToolRegistry } from ${source};
class Weather {
  @Tool({ description: 'Forecast for a city.', annotations: { readOnlyHint: true } })
  forecast(@Param('city') city: string, @Param('days') days: number): string {
    return city + ': sunny for ' + days + ' days';
  }
}
export const registry = new ToolRegistry().register(new Weather());
`;
    writeFileSync(join(dir, 'weather.ts'), module);
    writeFileSync(join(dir, 'esm', 'weather.ts'), module);
  }, 120_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['a CommonJS package', 'weather.ts'],
    ['a "type": "module" package', join('esm', 'weather.ts')],
  ])('lists and calls the tools of a module in %s', async (_, module) => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [join(dir, 'out', 'codegen', 'cli', 'mcpMain.js'), '--module', module],
        cwd: dir,
        env: {
          ...withoutTsNodeSettings(process.env),
          NODE_PATH: [join(ROOT, 'node_modules'), process.env.NODE_PATH]
            .filter(Boolean)
            .join(delimiter),
        } as Record<string, string>,
        stderr: 'pipe',
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools).toEqual([
        {
          name: 'forecast',
          description: 'Forecast for a city.',
          inputSchema: {
            type: 'object',
            properties: { city: { type: 'string' }, days: { type: 'number' } },
            required: ['city', 'days'],
            additionalProperties: false,
          },
          annotations: { readOnlyHint: true },
        },
      ]);
      const result = await client.callTool({
        name: 'forecast',
        arguments: { city: 'Oslo', days: 3 },
      });
      expect(result.content).toEqual([{ type: 'text', text: 'Oslo: sunny for 3 days' }]);
    } finally {
      await client.close();
    }
  });
});
