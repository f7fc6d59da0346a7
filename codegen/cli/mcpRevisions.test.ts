/**
 * End to end: `toolwright mcp` serves both protocol revisions when the SDK 2.x peers are
 * installed (they are, as devDependencies): the SDK 2.x client pinned to 2026-07-28 lists and
 * calls the shop's tools over Streamable HTTP and over stdio, and the command says on stderr
 * which revisions it serves.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createShopRegistry } from '../../src/mcp/__fixtures__/shopRegistry';
import {
  ENV,
  exitCodeOf,
  FIXTURE,
  NODE_ARGS,
  ROOT,
  startHttp,
  TOKEN,
} from './__fixtures__/mcpHarness';

const PINNED = { versionNegotiation: { mode: { pin: '2026-07-28' } } } as const;
const SERVES_BOTH = 'serving MCP revisions 2025-11-25 and 2026-07-28';

/** The text of a call's content blocks. */
function textOf(result: { content?: unknown }): string {
  return (result.content as Array<{ text?: string }>).map((block) => block.text).join('\n');
}

/** What a pinned client must be able to do: list every tool, and call one. */
async function listAndCall(client: Client): Promise<void> {
  expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name).sort()).toEqual(
    createShopRegistry()
      .toAnthropic()
      .map((tool) => tool.name)
      .sort(),
  );
  expect(textOf(await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } }))).toBe('42');
}

describe('toolwright mcp serves the 2026-07-28 revision', () => {
  it('over Streamable HTTP, to a client pinned to it, and says so on stderr', async () => {
    const server = await startHttp(['--token', TOKEN]);
    const client = new Client({ name: 'pinned', version: '1' }, PINNED);
    try {
      expect(server.output()).toContain(SERVES_BOTH);
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server.url), {
          requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
        }),
      );
      await listAndCall(client);
    } finally {
      await client.close();
      server.child.kill('SIGTERM');
      expect(await exitCodeOf(server.child)).toBe(0);
    }
  });

  it('over stdio, to a client pinned to it', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...NODE_ARGS, '--module', FIXTURE],
      cwd: ROOT,
      env: ENV,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'pinned', version: '1' }, PINNED);
    try {
      await client.connect(transport);
      await listAndCall(client);
      expect(stderr).toContain(SERVES_BOTH);
    } finally {
      await client.close();
    }
  });
});
