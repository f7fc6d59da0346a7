/**
 * The SQL sample served over MCP: the official MCP SDK client, connected in memory to
 * `createMcpServer`, lists the tools with their read-only hints and runs queries.
 */
import 'reflect-metadata';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Database } from 'sql.js';
import { ToolRegistry } from 'toolwright';
import { createMcpServer } from 'toolwright/mcp';
import { manifest } from '../tools.manifest';
import { createShopDatabase } from './createShopDatabase';
import { SqlService } from './SqlService';

const textOf = (result: Awaited<ReturnType<Client['callTool']>>): string =>
  (result.content as { type: string; text?: string }[]).map((block) => block.text).join('\n');

describe('sql sample over MCP', () => {
  let db: Database;
  let client: Client;
  let close: () => Promise<void>;

  beforeAll(async () => {
    db = await createShopDatabase();
    const registry = new ToolRegistry({ manifest }).register(new SqlService(db));
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
    db.close();
  });

  it('lists the tools with their descriptions and read-only hints', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['list_tables', 'describe_table', 'run_query']);
    const runQuery = tools.find((tool) => tool.name === 'run_query');
    expect(runQuery?.description).toContain('Runs one read-only SQL statement');
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
    expect(textOf(write)).toContain('attempt to write a readonly database');
  });
});
