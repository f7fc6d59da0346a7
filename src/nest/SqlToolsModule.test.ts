/**
 * The SQL tools as a Nest provider: `forRootAsync` with an injected configuration opens the
 * database and provides the registry under `SQL_REGISTRY`; the engine closes with the app.
 */
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { ToolRegistry } from 'toolwright';
import { SQL_REGISTRY, SqlToolsModule } from 'toolwright/nest';
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
  it('provides the SQL registry from configuration and closes the engine on shutdown', async () => {
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
    await app.close();
    await expect(
      engine!.query('SELECT 1', { maxRows: 1, countLimit: 1, maxCellChars: 10, timeoutMs: 1000 }),
    ).rejects.toThrow('the SQLite worker is closed');
  });
});
