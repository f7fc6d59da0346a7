/**
 * The SQL tools as a Nest provider: `SqlToolsModule.forRootAsync({ inject, useFactory })` opens
 * the database the configuration names (`open: () => openPostgres(...)`) and provides a
 * `ToolRegistry` of `list_tables`, `describe_table` and `run_query` under `SQL_REGISTRY`,
 * closing the engine on shutdown; beside a `ToolwrightModule`, the same tools join the app's
 * registry (a `ToolContribution`), with `scopes`/`roles` on them. The options builder is Nest's
 * `ConfigurableModuleBuilder`.
 */
import { ConfigurableModuleBuilder, Module } from '@nestjs/common';
import type {
  ConfigurableModuleAsyncOptions,
  ConfigurableModuleCls,
  DynamicModule,
  OnApplicationShutdown,
  Provider,
} from '@nestjs/common' with {
  'resolution-mode': 'import',
};
import { sqlRegistry, sqlTools } from '../sql/createSqlTools';
import type { SqlToolsOptions } from '../sql/createSqlTools';
import type { SqlEngine } from '../sql/SqlEngine';
import type { ToolRegistry } from '../registry/ToolRegistry';
import { SQL_REGISTRY, SQL_TOOLS_OPTIONS } from './constants';
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

/** The options module `SqlToolsModule` builds on: `forRoot` and `forRootAsync` as the builder makes them. */
const ConfigurableSqlToolsModule: ConfigurableModuleCls<
  SqlToolsModuleOptions,
  'forRoot',
  'createSqlToolsOptions'
> = new ConfigurableModuleBuilder<SqlToolsModuleOptions>({
  optionsInjectionToken: SQL_TOOLS_OPTIONS,
})
  .setClassMethodName('forRoot')
  .setFactoryMethodName('createSqlToolsOptions')
  .build().ConfigurableModuleClass;

/** The engine, kept so the module can close it on shutdown. */
const ENGINE = Symbol('toolwright:sql-engine');

/** The SQL tools as a contribution to the app's `ToolwrightModule` registry. */
const CONTRIBUTION = Symbol('toolwright:sql-tools-contribution');

/** Closes the engine when the application shuts down. */
class SqlEngineCloser implements OnApplicationShutdown {
  constructor(private readonly engine: SqlEngine) {}
  async onApplicationShutdown(): Promise<void> {
    await this.engine.close();
  }
}

const providers: Provider[] = [
  {
    provide: ENGINE,
    useFactory: (options: SqlToolsModuleOptions) => options.open(),
    inject: [SQL_TOOLS_OPTIONS],
  },
  {
    provide: SQL_REGISTRY,
    useFactory: (options: SqlToolsModuleOptions, engine: SqlEngine): ToolRegistry => {
      const { open: _open, ...toolOptions } = options;
      return sqlRegistry(engine, toolOptions);
    },
    inject: [SQL_TOOLS_OPTIONS, ENGINE],
  },
  {
    provide: CONTRIBUTION,
    useFactory: (options: SqlToolsModuleOptions, engine: SqlEngine): ToolContribution => {
      const { open: _open, scopes, roles, ...toolOptions } = options;
      const { tools, manifest } = sqlTools(engine, toolOptions);
      return new ToolContribution(manifest, [tools], { scopes, roles });
    },
    inject: [SQL_TOOLS_OPTIONS, ENGINE],
  },
  {
    provide: SqlEngineCloser,
    useFactory: (engine: SqlEngine) => new SqlEngineCloser(engine),
    inject: [ENGINE],
  },
];

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
    return withSql(ConfigurableSqlToolsModule.forRoot(options));
  }

  /** Options from a factory with injected dependencies (`useFactory` + `inject`, `useClass`, `useExisting`). */
  static forRootAsync(options: SqlToolsModuleAsyncOptions): DynamicModule {
    return withSql(ConfigurableSqlToolsModule.forRootAsync(options));
  }
}

function withSql(definition: DynamicModule): DynamicModule {
  return {
    ...definition,
    module: SqlToolsModule,
    providers: [...(definition.providers ?? []), ...providers],
    exports: [...(definition.exports ?? []), SQL_REGISTRY],
  };
}
