/**
 * The SQL tools as an application wires them: two databases in one registry by prefix, the
 * dialect in `run_query`'s description, and over MCP a typed result (`structuredContent` under
 * the shipped output schema) beside the text table the model reads.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMcpServer } from '../mcp/createMcpServer';
import { ToolRegistry } from '../registry/ToolRegistry';
import { shopBytes } from './__fixtures__/shopBytes';
import { sqlRegistry, sqlTools } from './createSqlTools';
import type { SqliteDatabase } from './SqlEngine';
import { openSqlite } from './sqlite/SqliteEngine';

/** The note of a read that met hidden columns and left them out. */
const HIDDEN_NOTE =
  '(hidden columns were left out, as these tools never show them; select only the columns shown (not * nor a hidden column))';

describe('sqlTools', () => {
  let shop: SqliteDatabase;
  let archive: SqliteDatabase;

  beforeAll(async () => {
    const bytes = await shopBytes();
    [shop, archive] = await Promise.all([
      openSqlite({ bytes }),
      openSqlite({ bytes, hide: ['orders.note'] }),
    ]);
  });
  afterAll(() => Promise.all([shop.close(), archive.close()]));

  it('holds two databases in one registry under prefixed names', async () => {
    const a = sqlTools(shop, { prefix: 'shop_' });
    const b = sqlTools(archive, { prefix: 'archive_', about: 'Last year’s orders.' });
    const registry = new ToolRegistry({
      manifest: { version: 1, tools: [...a.manifest.tools, ...b.manifest.tools] },
    }).register(a.tools, b.tools);
    expect(registry.list().map((tool) => tool.name)).toEqual([
      'shop_list_tables',
      'shop_describe_table',
      'shop_run_query',
      'archive_list_tables',
      'archive_describe_table',
      'archive_run_query',
    ]);
    expect(registry.get('archive_run_query')?.description).toMatch(
      /^Last year’s orders\.\n\nRuns one read-only SQL statement[^]*Dialect: SQLite 3\.50\.4\.$/,
    );
    const sql = { query: 'SELECT id, note FROM orders WHERE id = 7' };
    expect((await registry.call('shop_run_query', sql)).content).toBe(
      'id | note\n7 | note 7\n(1 row)',
    );
    expect((await registry.call('archive_run_query', sql)).content).toBe(
      'id\n7\n(1 row)\n' + HIDDEN_NOTE,
    );
  });

  it('serves the tools over MCP: the text table, and structuredContent under the output schema', async () => {
    const server = createMcpServer(sqlRegistry(shop, { maxRows: 2 }), {
      name: 'shop',
      version: '1.0.0',
    });
    const client = new Client({ name: 'test', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    try {
      const { tools } = await client.listTools();
      const runQuery = tools.find((tool) => tool.name === 'run_query');
      expect(runQuery?.annotations?.readOnlyHint).toBe(true);
      expect(runQuery?.outputSchema).toMatchObject({
        type: 'object',
        required: ['columns', 'rows', 'rowCount', 'truncated'],
      });
      const result = await client.callTool({
        name: 'run_query',
        arguments: { query: 'SELECT id, total_cents FROM orders ORDER BY id' },
      });
      expect(result.structuredContent).toEqual({
        columns: ['id', 'total_cents'],
        rows: [
          [1, 100],
          [2, 200],
        ],
        rowCount: 1000,
        truncated: true,
      });
      expect((result.content as { text: string }[])[0]!.text).toMatch(
        /^id \| total_cents\n1 \| 100\n2 \| 200\n\(truncated: showing 2 of 1000 rows/,
      );
    } finally {
      await client.close();
      await server.close();
    }
  });
});
