/**
 * The prebuilt SQL and search tools behind a guard: given `scopes` or `roles`, a caller without
 * them is not listed the tools over MCP (SDK 1.x and 2.x clients, tokens checked by the
 * endpoint) and is refused a call before anything runs; a caller holding them lists and runs
 * them. Bad access options are a clear error at setup.
 */
import 'reflect-metadata';
import { startMcpHttpServer } from '../mcp-dual/startMcpHttpServer';
import type { RunningMcpHttpServer } from '../mcp/startMcpHttpServer';
import { connectClient } from '../mcp-dual/__fixtures__/dualClients';
import type { ToolCaller } from '../calls/ToolCaller';
import { ToolRegistry } from '../registry/ToolRegistry';
import { withAccess } from '../registry/withAccess';
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import { DocumentSearch } from '../search/SearchTools';
import { MemorySearchStore } from '../search/MemorySearchStore';
import { searchManifest } from '../search/searchManifest';
import { shopBytes } from './__fixtures__/shopBytes';
import { sqlRegistry, sqlTools } from './createSqlTools';
import type { SqliteDatabase } from './SqlEngine';
import { openSqlite } from './sqlite/SqliteEngine';

const TOKENS: Record<string, ToolCaller> = {
  'token-analyst': { id: 'ana', scopes: ['db:read'], roles: ['analyst'] },
  'token-guest': { id: 'gus', scopes: ['profile'], roles: ['guest'] },
};

const SQL_TOOLS = ['list_tables', 'describe_table', 'run_query'];

let shop: SqliteDatabase;
let server: RunningMcpHttpServer;

beforeAll(async () => {
  shop = await openSqlite({ bytes: await shopBytes() });
  const store = new MemorySearchStore();
  await store.add([{ id: 'faq-1', title: 'Refunds', text: 'Refunds take five days.' }]);
  const { tools, manifest } = sqlTools(shop, { scopes: ['db:read'] });
  const registry = new ToolRegistry({
    manifest: {
      version: 1,
      tools: [
        ...manifest.tools,
        ...withAccess(searchManifest, { roles: ['analyst'] }, ['search_documents']).tools,
      ],
    },
  }).register(tools, new DocumentSearch(store));
  server = await startMcpHttpServer(registry, {
    name: 'guarded',
    version: '1',
    verifyToken: (token) => TOKENS[token],
  });
});
afterAll(async () => {
  await server?.close();
  await shop?.close();
});

describe.each(['v1', 'v2-default'] as const)('over MCP, client %s', (kind) => {
  const connect = (token: string) =>
    connectClient(kind, new URL(server.url), { headers: { Authorization: `Bearer ${token}` } });

  it('does not list the SQL and search tools to a caller without the scope or role, and refuses the calls', async () => {
    const client = await connect('token-guest');
    try {
      expect(await client.listAll()).toEqual([]);
      const query = await client.call('run_query', { query: 'SELECT 1 AS one' });
      expect(query.isError).toBe(true);
      expect(query.content).toEqual([
        {
          type: 'text',
          text: 'Tool "run_query" was not run: it requires the scope "db:read"',
        },
      ]);
      const search = await client.call('search_documents', { query: 'refunds' });
      expect(search.isError).toBe(true);
      expect(JSON.stringify(search.content)).toContain('it requires the role \\"analyst\\"');
    } finally {
      await client.close();
    }
  });

  it('lists and runs them for a caller holding the scope and the role', async () => {
    const client = await connect('token-analyst');
    try {
      expect(await client.listAll()).toEqual([...SQL_TOOLS, 'search_documents']);
      const query = await client.call('run_query', { query: 'SELECT 1 AS one' });
      expect(query.isError).toBeFalsy();
      expect(query.content).toEqual([{ type: 'text', text: 'one\n1\n(1 row)' }]);
      const search = await client.call('search_documents', { query: 'refunds' });
      expect(search.isError).toBeFalsy();
      expect(JSON.stringify(search.content)).toContain('five days');
    } finally {
      await client.close();
    }
  });
});

describe('access options', () => {
  it('carries them on every SQL tool, as @Tool({ scopes, roles }) would', () => {
    const registry = sqlRegistry(shop, { prefix: 'crm_', scopes: ['db:read'], roles: ['analyst'] });
    for (const tool of registry.list()) {
      expect(tool.options).toMatchObject({ scopes: ['db:read'], roles: ['analyst'] });
    }
  });

  it('refuses the SQL tools through the call pipeline to a caller without the scope', async () => {
    const registry = sqlRegistry(shop, { scopes: ['db:read'] });
    const call = {
      id: 'c1',
      type: 'function' as const,
      function: { name: 'run_query', arguments: '{"query":"SELECT 1 AS one"}' },
    };
    const [refused] = await registry.callOpenAI([call], { caller: TOKENS['token-guest'] });
    expect(refused!.content).toBe(
      'Error: Tool "run_query" was not run: it requires the scope "db:read"',
    );
    const [ran] = await registry.callOpenAI([call], { caller: TOKENS['token-analyst'] });
    expect(ran!.content).toBe('one\n1\n(1 row)');
  });

  it('says what is wrong with bad access options', () => {
    expect(() => sqlTools(shop, { scopes: 'db:read' as unknown as string[] })).toThrow(
      new ToolDefinitionError(
        `scopes must be an array of non-empty strings (got "db:read"); write e.g. scopes: ['db:read']`,
      ),
    );
    expect(() => withAccess(searchManifest, { roles: ['analyst'] }, ['search_docs'])).toThrow(
      /withAccess: the manifest has no tool "search_docs"; its tools are search_documents/,
    );
  });
});
