/**
 * PostgreSQL for the SQL tools: `pg` with a pool and `pg-cursor`. Every call runs in
 * `BEGIN READ ONLY` with `SET LOCAL statement_timeout` (and lock and idle timeouts), the
 * model's SQL goes through the extended protocol only (a cursor: one statement, never the
 * simple protocol that runs `COMMIT; DELETE …`), the transaction always ends in ROLLBACK, and
 * advisory locks are released before the connection returns to the pool. The engine refuses to
 * start as a superuser or a role that may run programs or read server files.
 */
import type { Pool, PoolClient, PoolConfig } from 'pg';
import type {
  QueryAnswer,
  QueryBudget,
  QueryFailure,
  SqlEngine,
  TableDescription,
  TableSummary,
} from '../SqlEngine';
import type { HiddenColumn } from '../hiddenColumns';
import { runCursor } from './runCursor';
import { readCatalog } from './readCatalog';
import { failureOf } from './pgFailure';
import type { PgModules } from './loadPg';

/** Milliseconds the catalog's own reads may take. */
const CATALOG_TIMEOUT_MS = 10_000;

/** A connection the engine works on, and its server process id (to cancel it). */
type Work<T> = (client: PoolClient) => Promise<T>;

/** Cancels the statement a server process runs, from a connection of its own (the pool may be full). */
async function cancelBackend(pg: PgModules, config: PoolConfig, pid: number): Promise<void> {
  const client = new pg.Client(config);
  try {
    await client.connect();
    await client.query('SELECT pg_cancel_backend($1)', [pid]);
  } catch {
    // The statement ends at its statement_timeout all the same.
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A read-only PostgreSQL database behind a pool; created by `openPostgres` (not exported: its constructor names `pg`'s types). */
export class PostgresEngine implements SqlEngine {
  readonly dialect = 'PostgreSQL';

  constructor(
    private readonly pool: Pool,
    private readonly config: PoolConfig,
    readonly version: string,
    private readonly hidden: readonly HiddenColumn[],
    private readonly pg: PgModules,
  ) {}

  async listTables(pattern?: string): Promise<TableSummary[]> {
    return this.readOnly(CATALOG_TIMEOUT_MS, undefined, (client) =>
      readCatalog(client, this.hidden).tables(pattern),
    );
  }

  async describeTable(name: string, sampleRows: number): Promise<TableDescription | undefined> {
    return this.readOnly(CATALOG_TIMEOUT_MS, undefined, (client) =>
      readCatalog(client, this.hidden).describe(name, sampleRows),
    );
  }

  async query(sql: string, budget: QueryBudget, signal?: AbortSignal): Promise<QueryAnswer> {
    let cancelled = false;
    try {
      const rows = await this.readOnly(
        budget.timeoutMs,
        signal,
        (client) => runCursor(client, this.pg.Cursor, sql, budget),
        () => {
          cancelled = true;
        },
      );
      return { ok: true, rows };
    } catch (error) {
      const failure: QueryFailure = failureOf(error, budget.timeoutMs, cancelled);
      return { ok: false, failure };
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /**
   * Runs `work` in a read-only transaction bounded by `timeoutMs`; always rolls back, releases
   * advisory locks, and returns the connection (destroyed if any of that failed).
   */
  private async readOnly<T>(
    timeoutMs: number,
    signal: AbortSignal | undefined,
    work: Work<T>,
    onCancel?: () => void,
  ): Promise<T> {
    if (signal?.aborted) {
      onCancel?.();
      throw Object.assign(new Error('cancelled'), { code: '57014' });
    }
    const client = await this.pool.connect();
    const pid = (client as unknown as { processID: number }).processID;
    const onAbort = (): void => {
      onCancel?.();
      void cancelBackend(this.pg, this.config, pid);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    let healthy = true;
    // The server may end the connection while it is out of the pool (a timeout, a restart).
    const onError = (): void => void (healthy = false);
    client.on('error', onError);
    const end = async (): Promise<void> => {
      signal?.removeEventListener('abort', onAbort);
      try {
        // One round trip (the library's own text, through the simple protocol).
        await client.query('ROLLBACK; SELECT pg_advisory_unlock_all()');
      } catch {
        healthy = false;
      }
      client.off('error', onError);
      client.release(!healthy);
    };
    let result: T;
    try {
      const ms = Math.max(1, Math.floor(timeoutMs));
      await client.query(
        `BEGIN READ ONLY; SET LOCAL statement_timeout = ${ms}; SET LOCAL lock_timeout = ${ms}; ` +
          `SET LOCAL idle_in_transaction_session_timeout = ${ms + 5_000}`,
      );
      result = await work(client);
    } catch (error) {
      await end();
      throw error;
    }
    // The answer does not wait for the ROLLBACK: the connection goes back to the pool only
    // after it (and the advisory locks' release), so the next call finds it clean.
    void end();
    return result;
  }
}
