/**
 * The SQL sample served over MCP: the official MCP SDK client, connected in memory to
 * `createMcpServer`, lists the tools with their read-only hints and runs queries; `table_stats`
 * answers a typed result with progress, in memory and over stateless Streamable HTTP.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import type { Database } from 'sql.js';
import { ToolRegistry } from 'toolwright';
import { createMcpServer, startMcpHttpServer } from 'toolwright/mcp';
import { sqlTools } from 'toolwright/sql';
import type { SqliteDatabase } from 'toolwright/sql';
import { manifest } from '../tools.manifest';
import { openShop } from './openShop';
import { SqlService } from './SqlService';

/** The shipped SQL tools and the sample's own `table_stats`, in one registry. */
function shopRegistry(engine: SqliteDatabase, db: Database): ToolRegistry {
  const sql = sqlTools(engine);
  return new ToolRegistry({
    manifest: { version: 1, tools: [...sql.manifest.tools, ...manifest.tools] },
  }).register(sql.tools, new SqlService(db));
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>): string =>
  (result.content as { type: string; text?: string }[]).map((block) => block.text).join('\n');

describe('sql sample over MCP', () => {
  let db: Database;
  let engine: SqliteDatabase;
  let client: Client;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ db, engine } = await openShop());
    const registry = shopRegistry(engine, db);
    const server = createMcpServer(registry, { name: 'shop-sql', version: '1.0.0' });
    client = new Client({ name: 'sample-client', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    close = async () => {
      await client.close();
      await server.close();
    };
  });
  afterAll(async () => {
    await close();
    await engine.close();
    db.close();
  });

  it('lists the tools with their descriptions and read-only hints', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'list_tables',
      'describe_table',
      'run_query',
      'table_stats',
    ]);
    const runQuery = tools.find((tool) => tool.name === 'run_query');
    expect(runQuery?.description).toContain('Runs one read-only SQL statement');
    expect(runQuery?.description).toMatch(/Dialect: SQLite 3\.\d+/);
    expect(runQuery?.annotations?.readOnlyHint).toBe(true);
  });

  it('runs a query, and answers a write with an error result', async () => {
    const count = await client.callTool({
      name: 'run_query',
      arguments: { query: 'SELECT COUNT(*) AS n FROM customers' },
    });
    expect(textOf(count)).toBe('n\n8\n(1 row)');
    const write = await client.callTool({
      name: 'run_query',
      arguments: { query: 'DELETE FROM customers' },
    });
    expect(write.isError).toBe(true);
    expect(textOf(write)).toContain('only one read-only statement');
  });

  it('lists table_stats with its output schema, derived from the return type', async () => {
    const { tools } = await client.listTools();
    const stats = tools.find((tool) => tool.name === 'table_stats');
    expect(stats?.outputSchema).toMatchObject({
      type: 'object',
      properties: { result: { type: 'array', items: { required: ['table', 'rows', 'columns'] } } },
      required: ['result'],
    });
  });

  it('answers table_stats with structuredContent and reports progress table by table', async () => {
    const progress: Progress[] = [];
    const result = await client.callTool({ name: 'table_stats', arguments: {} }, undefined, {
      onprogress: (report) => progress.push(report),
    });
    const stats = (result.structuredContent as { result: { table: string; rows: number }[] })
      .result;
    expect(stats.find((entry) => entry.table === 'customers')).toEqual({
      table: 'customers',
      rows: 8,
      columns: expect.any(Number),
    });
    expect(JSON.parse((result.content as { text: string }[])[0].text)).toEqual(stats);
    expect(progress.map((report) => report.progress)).toEqual(stats.map((_, i) => i + 1));
    expect(progress.at(-1)).toMatchObject({ total: stats.length });
  });

  it('serves the same tools statelessly over Streamable HTTP, for instances behind a load balancer', async () => {
    const registry = shopRegistry(engine, db);
    const running = await startMcpHttpServer(registry, {
      name: 'shop-sql',
      version: '1.0.0',
      stateless: true,
    });
    const remote = new Client({ name: 'sample-client', version: '1.0.0' });
    await remote.connect(new StreamableHTTPClientTransport(new URL(running.url)));
    try {
      const progress: Progress[] = [];
      const result = await remote.callTool({ name: 'table_stats', arguments: {} }, undefined, {
        onprogress: (report) => progress.push(report),
      });
      expect(result.structuredContent).toEqual(
        (await client.callTool({ name: 'table_stats' })).structuredContent,
      );
      expect(progress.length).toBeGreaterThan(0);
      expect(running.sessionCount).toBe(0);
    } finally {
      await remote.close();
      await running.close();
    }
  });
});
