/**
 * The SQL tools as a Nest provider: `SqlToolsModule.forRootAsync({ inject, useFactory })` opens
 * the database the configuration names (`open: () => openPostgres(...)`) and provides a
 * `ToolRegistry` of `list_tables`, `describe_table` and `run_query` under `SQL_REGISTRY`,
 * closing the engine on shutdown; beside a `ToolwrightModule`, the same tools join the app's
 * registry (a `ToolContribution`), with `scopes`/`roles` on them. The options builder is Nest's
 * `ConfigurableModuleBuilder`.
 */
import { Module } from '@nestjs/common';
import type { ConfigurableModuleAsyncOptions, DynamicModule } from '@nestjs/common' with {
  'resolution-mode': 'import',
};
import { sqlRegistry, sqlTools } from '../sql/createSqlTools';
import type { SqlToolsOptions } from '../sql/createSqlTools';
import type { SqlEngine } from '../sql/SqlEngine';
import type { ToolRegistry } from '../registry/ToolRegistry';
import { SQL_REGISTRY, SQL_TOOLS_OPTIONS } from './constants';
import { prebuiltToolsModule } from './prebuiltToolsModule';
import { ToolContribution } from './ToolContribution';
import type { ContributedAccess } from './ToolContribution';

/**
 * What `SqlToolsModule.forRoot` takes (and `forRootAsync`'s factory returns); `scopes`/`roles`
 * say who may call the tools.
 */
export interface SqlToolsModuleOptions extends SqlToolsOptions, ContributedAccess {
  /** Opens the database: `() => openSqlite({ file })` or `() => openPostgres({ connectionString })`. */
  open: () => Promise<SqlEngine>;
}

/** What `SqlToolsModule.forRootAsync` takes: `useFactory` (with `inject`), `useClass` or `useExisting`, and `imports`. */
export type SqlToolsModuleAsyncOptions = ConfigurableModuleAsyncOptions<
  SqlToolsModuleOptions,
  'createSqlToolsOptions'
>;

/** The engine opened from the options and closed on shutdown; its registry, and its tools. */
const sql = prebuiltToolsModule({
  name: 'sql',
  optionsToken: SQL_TOOLS_OPTIONS,
  factoryMethodName: 'createSqlToolsOptions',
  open: (options: SqlToolsModuleOptions) => options.open(),
  close: (engine: SqlEngine) => engine.close(),
  contribute: (options, engine): ToolContribution => {
    const { open: _open, scopes, roles, ...toolOptions } = options;
    const { tools, manifest } = sqlTools(engine, toolOptions);
    return new ToolContribution(manifest, [tools], { scopes, roles });
  },
  providers: [
    {
      provide: SQL_REGISTRY,
      useFactory: (options, engine): ToolRegistry => {
        const { open: _open, ...toolOptions } = options;
        return sqlRegistry(engine, toolOptions);
      },
    },
  ],
});

/**
 * Provides the SQL tools' registry under `SQL_REGISTRY`, from configuration.
 * @example
 * SqlToolsModule.forRootAsync({
 *   imports: [ConfigModule],
 *   inject: [ConfigService],
 *   useFactory: (config: ConfigService) => ({
 *     open: () => openPostgres({ connectionString: config.get('READER_URL') }),
 *     timeoutMs: 3_000,
 *   }),
 * })
 */
@Module({})
export class SqlToolsModule {
  /** Static options. */
  static forRoot(options: SqlToolsModuleOptions): DynamicModule {
    return sql.complete(sql.Configurable.forRoot(options), SqlToolsModule);
  }

  /** Options from a factory with injected dependencies (`useFactory` + `inject`, `useClass`, `useExisting`). */
  static forRootAsync(options: SqlToolsModuleAsyncOptions): DynamicModule {
    return sql.complete(sql.Configurable.forRootAsync(options), SqlToolsModule);
  }
}
