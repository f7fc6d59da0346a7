/**
 * `toolwright/sql`: prebuilt, read-only SQL tools (`list_tables`, `describe_table`,
 * `run_query`) over SQLite (`@sqlite.org/sqlite-wasm`, in a worker thread) or PostgreSQL
 * (`pg`). Each engine's peer package is loaded only when that engine is opened.
 * @example
 * import { openSqlite, sqlRegistry } from 'toolwright/sql';
 * const registry = sqlRegistry(await openSqlite({ file: 'shop.db' }));
 */
export { SqlTools } from './SqlTools';
export type { SqlQueryResult } from './SqlTools';
export { sqlTools, sqlRegistry } from './createSqlTools';
export type { SqlToolset, SqlToolsOptions } from './createSqlTools';
export { DEFAULT_SQL_LIMITS } from './sqlToolsLimits';
export type { SqlToolsLimits } from './sqlToolsLimits';
export { SqlConfigError } from './hiddenColumns';
export { openSqlite } from './sqlite/SqliteEngine';
export type { SqliteOptions } from './sqlite/SqliteEngine';
export { openPostgres } from './postgres/openPostgres';
export type { PgPoolOptions, PostgresOptions } from './postgres/openPostgres';
export { sqlManifest } from './shippedManifest';
export type {
  ColumnInfo,
  QueryAnswer,
  QueryBudget,
  QueryFailure,
  QueryRows,
  SqlCell,
  SqlEngine,
  SqliteDatabase,
  TableDescription,
  TableSummary,
} from './SqlEngine';
