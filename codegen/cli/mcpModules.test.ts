/**
 * `toolwright mcp --module` on the module shapes it accepts: CommonJS `module.exports`, an ES
 * module's async default factory, an ES module awaiting a Nest application at top level, and a
 * module exporting an `approve` hook beside its registry.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { FROM_SOURCE } from '../../test/fromSource';

const ROOT = join(__dirname, '..', '..');
const FIXTURES = join(ROOT, 'src', 'mcp', '__fixtures__');

async function withServer(module: string, run: (client: Client) => Promise<void>): Promise<void> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [...FROM_SOURCE, join(__dirname, 'mcpMain.ts'), '--module', join(FIXTURES, module)],
      cwd: ROOT,
      env: { ...process.env, TS_NODE_PROJECT: join(ROOT, 'tsconfig.json') } as Record<
        string,
        string
      >,
      stderr: 'pipe',
    }),
  );
  try {
    await run(client);
  } finally {
    await client.close();
  }
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as Array<{ text?: string }>).map((block) => block.text).join('\n');
}

describe('toolwright mcp --module shapes', () => {
  it.each([
    'commonjsRegistry.js',
    'esmFactoryRegistry.mjs',
    // `export const registry = app.get(...)` after `await NestFactory.createApplicationContext()`.
    'topLevelAwait/nestRegistry.js',
  ])('serves %s', async (module) => {
    await withServer(module, async (client) => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('add');
      expect(textOf(await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } }))).toBe('3');
    });
  });

  it('uses the approve hook the module exports', async () => {
    await withServer('approvingRegistry.ts', async (client) => {
      const allowed = await client.callTool({ name: 'purge', arguments: { scope: 'drafts' } });
      expect(textOf(allowed)).toBe('purged drafts');
      const denied = await client.callTool({ name: 'purge', arguments: { scope: 'all' } });
      expect(denied.isError).toBe(true);
      expect(textOf(denied)).toBe('Tool "purge" was not run: only drafts may be purged, not all');
    });
  });
});
