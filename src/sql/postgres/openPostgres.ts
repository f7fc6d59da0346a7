/**
 * Opens PostgreSQL for the SQL tools: a pool of `pg` connections, checked once before any
 * call: the role must not be a superuser nor a member of `pg_execute_server_program`,
 * `pg_read_server_files` or `pg_write_server_files` (inside `BEGIN READ ONLY` those still run
 * programs and read files), and every hidden column must be unreadable to it (revoked by column
 * privileges), so the engine, not this library, keeps it hidden.
 */
import type { PoolConfig } from 'pg';
import { parseHidden, SqlConfigError } from '../hiddenColumns';
import { CAN_READ_COLUMN, ROLE_CHECK } from './pgCatalog';
import { loadPg } from './loadPg';
import { PostgresEngine } from './PostgresEngine';
import type { SqlEngine } from '../SqlEngine';

/**
 * Milliseconds a transaction may stay idle before the server ends it, for every connection (set
 * when it starts, so `DISCARD ALL` keeps it): a call never leaves one idle (its statements go in
 * one write), only a stalled process would, holding its locks.
 */
const IDLE_IN_TRANSACTION_MS = 15_000;

/** The `pg` pool options `openPostgres` passes on (see `pg`'s `PoolConfig`). */
export interface PgPoolOptions {
  /** The server's host name or socket directory. */
  host?: string;
  /** The server's port (`pg`'s default 5432). */
  port?: number;
  /** The role to connect as: one that may only read. */
  user?: string;
  /** The role's password. */
  password?: string;
  /** The database to open. */
  database?: string;
  /** TLS: `true`, or options for `tls.connect` (`{ ca, rejectUnauthorized }`). */
  ssl?: boolean | Record<string, unknown>;
  /** Connections at most, when `poolSize` is not given (default 10). */
  max?: number;
  /** The name the server shows for these connections (default `toolwright-sql`). */
  application_name?: string;
  /** Any other `pg` `PoolConfig` option, passed on as is. */
  [option: string]: unknown;
}

/** Options of `openPostgres`. */
export interface PostgresOptions {
  /** A connection string (`postgres://reader@db/shop`), or use `pool`. */
  connectionString?: string;
  /** `pg` pool options (host, user, password, database, ssl, …); `connectionString` is merged in. */
  pool?: PgPoolOptions;
  /** Connections at most (default 10). */
  poolSize?: number;
  /** Columns the model never sees: `['users.password_hash']`; the role must not be able to read them. */
  hide?: readonly string[];
}

/**
 * Opens a PostgreSQL database for the SQL tools, as a role that may only read.
 * @example
 * const db = await openPostgres({ connectionString: process.env.READER_URL });
 * const registry = sqlRegistry(db);
 */
export async function openPostgres(options: PostgresOptions): Promise<SqlEngine> {
  const pg = await loadPg();
  const hidden = parseHidden(options.hide);
  const config: PoolConfig = {
    ...(options.pool as PoolConfig | undefined),
    ...(options.connectionString ? { connectionString: options.connectionString } : {}),
    max: options.poolSize ?? options.pool?.max ?? 10,
    application_name: options.pool?.application_name ?? 'toolwright-sql',
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    // A call has its connection to itself (its transaction in one write, its rows read in
    // `pg`'s place): `pg`'s pipeline mode refuses such queries.
    pipeline: false,
  };
  const pool = new pg.Pool(config);
  // An idle connection that fails (the server restarts) must not crash the process.
  pool.on('error', () => undefined);
  try {
    const { rows } = await pool.query({ text: ROLE_CHECK, rowMode: 'array' });
    const [user, superuser, programs, readsFiles, writesFiles, version] = rows[0] as [
      string,
      boolean,
      boolean,
      boolean,
      boolean,
      string,
    ];
    const powers = [
      superuser && 'a superuser',
      programs && 'a member of pg_execute_server_program',
      readsFiles && 'a member of pg_read_server_files',
      writesFiles && 'a member of pg_write_server_files',
    ].filter(Boolean);
    if (powers.length > 0) {
      throw new SqlConfigError(
        `openPostgres connects as "${user}", ${powers.join(' and ')}: inside a read-only transaction it can still run programs and read files. ` +
          'Connect as a role that may only read (see docs/sql.md in the package: CREATE ROLE reader LOGIN; GRANT SELECT …)',
      );
    }
    for (const { table, column } of hidden) {
      const readable = await pool.query({
        text: CAN_READ_COLUMN,
        values: [table, column],
        rowMode: 'array',
      });
      if (readable.rows.length === 0 || readable.rows[0][0] !== false) {
        throw new SqlConfigError(
          `hide: "${table}.${column}" ${readable.rows.length === 0 ? 'is not a column of a table in the search path' : `is readable by "${user}"`}; ` +
            `revoke it: REVOKE SELECT ON ${table} FROM ${user}; GRANT SELECT (<the other columns>) ON ${table} TO ${user}`,
        );
      }
    }
    return new PostgresEngine(pool, config, version, hidden, pg);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
}
