/**
 * The SQL tools as a Nest provider: `forRootAsync` with an injected configuration opens the
 * database and provides the registry under `SQL_REGISTRY`, which the MCP server serves; the
 * engine closes with the app.
 */
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { ToolRegistry } from 'toolwright';
import { SQL_REGISTRY, SqlToolsModule } from 'toolwright/nest';
import { createMcpServer } from 'toolwright/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { openSqlite } from 'toolwright/sql';
import type { SqlEngine } from 'toolwright/sql';
import { shopBytes } from '../sql/__fixtures__/shopBytes';

@Injectable()
class DatabaseConfig {
  bytes: Uint8Array | undefined;
  readonly prefix = 'shop_';
}

@Module({ providers: [DatabaseConfig], exports: [DatabaseConfig] })
class ConfigModule {}

describe('SqlToolsModule', () => {
  it('provides the SQL registry from configuration, which the MCP server serves, and closes the engine on shutdown', async () => {
    const bytes = await shopBytes();
    let engine: SqlEngine | undefined;
    const moduleRef = await Test.createTestingModule({
      imports: [
        SqlToolsModule.forRootAsync({
          imports: [ConfigModule],
          inject: [DatabaseConfig],
          useFactory: (config: DatabaseConfig) => ({
            open: async () => (engine = await openSqlite({ bytes: config.bytes ?? bytes })),
            prefix: config.prefix,
            maxRows: 3,
          }),
        }),
      ],
    }).compile();
    const app = await moduleRef.init();
    const registry = app.get<ToolRegistry>(SQL_REGISTRY);
    expect(registry.list().map((tool) => tool.name)).toEqual([
      'shop_list_tables',
      'shop_describe_table',
      'shop_run_query',
    ]);
    const outcome = await registry.call('shop_run_query', {
      query: 'SELECT id FROM orders ORDER BY id',
    });
    expect(outcome.content).toContain('(truncated: showing 3 of 1000 rows');
    // The provided registry is what the MCP server serves.
    const server = createMcpServer(registry, { name: 'shop', version: '1.0.0' });
    const client = new Client({ name: 'test', version: '1.0.0' });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    await client.connect(clientSide);
    const served = await client.callTool({
      name: 'shop_run_query',
      arguments: { query: 'SELECT count(*) AS n FROM orders' },
    });
    expect(served.structuredContent).toEqual({
      columns: ['n'],
      rows: [[1000]],
      rowCount: 1,
      truncated: false,
    });
    await client.close();
    await server.close();
    await app.close();
    await expect(
      engine!.query('SELECT 1', { maxRows: 1, countLimit: 1, maxCellChars: 10, timeoutMs: 1000 }),
    ).rejects.toThrow('the SQLite worker is closed');
  });
});
