/**
 * PostgreSQL for the SQL tools: `pg` with a pool. Every call runs in `BEGIN READ ONLY` with
 * `SET LOCAL statement_timeout` (and the session ends a transaction left idle), the model's SQL
 * goes through the extended protocol only (one Parse: one statement, never the simple protocol
 * that runs `COMMIT; DELETE …`), the transaction always ends in ROLLBACK, and `DISCARD ALL`
 * drops what the call left in the session (prepared statements, advisory locks, …) before the
 * connection returns to the pool. A query sends all of that in one write (`ReadTransaction`);
 * the catalog's reads use the simple protocol. The engine refuses to start as a superuser or a
 * role that may run programs or read server files.
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
import { SqlStopped } from '../SqlStopped';
import { ReadTransaction } from './ReadTransaction';
import { SESSION_RESET, SessionReset } from './SessionReset';
import { readCatalog } from './readCatalog';
import type { CatalogContext } from './readCatalog';
import { deniedTable, failureOf, namingReadable } from './pgFailure';
import type { PgModules } from './loadPg';

/**
 * Bytes one row of a result may have on the wire (before `pg` parses it): a longer row fails
 * the call with how to narrow it (cells show 200 characters; a row this long is values the
 * model should cut with substr or measure with length).
 */
const MAX_ROW_BYTES = 2 ** 20;

/** Bytes the rows of one call may add up to: past them, the rows shown answer and counting stops. */
const MAX_READ_BYTES = 16 * 2 ** 20;

/** Milliseconds the catalog's own reads may take. */
const CATALOG_TIMEOUT_MS = 10_000;

/** Work on a connection in the engine's read-only transaction. */
type Work<T> = (client: PoolClient) => Promise<T>;

/**
 * What every transaction starts with: read-only, and bounded by the call's time limit. The
 * limit also bounds waiting for a lock (a `lock_timeout` as long would never fire first: the
 * statement's timer starts before its wait). A transaction left idle ends at the session's
 * `idle_in_transaction_session_timeout` (`openPostgres`).
 */
function transactionStart(timeoutMs: number): string[] {
  const ms = Math.max(1, Math.floor(timeoutMs));
  return ['BEGIN READ ONLY', `SET LOCAL statement_timeout = ${ms}`];
}

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

  async listTables(pattern?: string, signal?: AbortSignal): Promise<TableSummary[]> {
    return this.readOnly(CATALOG_TIMEOUT_MS, signal, (client) =>
      readCatalog(client, this.catalogContext()).tables(pattern),
    );
  }

  async describeTable(
    name: string,
    sampleRows: number,
    signal?: AbortSignal,
  ): Promise<TableDescription | undefined> {
    return this.readOnly(CATALOG_TIMEOUT_MS, signal, (client) =>
      readCatalog(client, this.catalogContext()).describe(name, sampleRows),
    );
  }

  private catalogContext(): CatalogContext {
    const { hidden, pg } = this;
    return { hidden, types: pg.types, maxRowBytes: MAX_ROW_BYTES, maxReadBytes: MAX_READ_BYTES };
  }

  async query(sql: string, budget: QueryBudget, signal?: AbortSignal): Promise<QueryAnswer> {
    const { maxRows, countLimit, maxCellChars, timeoutMs } = budget;
    let cancelled = false;
    try {
      const rows = await this.withClient(
        signal,
        () => void (cancelled = true),
        async (client, cleanUp) => {
          const read = new ReadTransaction(
            {
              sql,
              before: transactionStart(timeoutMs),
              after: SESSION_RESET,
              maxRows,
              countLimit: Math.max(countLimit, maxRows),
              maxCellChars,
              maxRowBytes: MAX_ROW_BYTES,
              maxReadBytes: MAX_READ_BYTES,
            },
            this.pg.types,
          );
          void client.query(read);
          // The transaction ended on the wire unless something failed; then ROLLBACK here.
          const ended = read.ended.then((clean) => cleanUp(clean));
          try {
            return await read.rows;
          } catch (error) {
            await ended;
            throw error;
          }
        },
      );
      return { ok: true, rows };
    } catch (error) {
      const failure: QueryFailure = failureOf(error, timeoutMs, cancelled);
      return { ok: false, failure: await this.readableNamed(failure, error) };
    }
  }

  /**
   * `failure`, and when it is a "permission denied" for a table the role may read some columns
   * of (`SELECT *`, or a hidden column, of a table with column privileges), those columns.
   */
  private async readableNamed(failure: QueryFailure, error: unknown): Promise<QueryFailure> {
    const table = deniedTable(error);
    if (table === undefined) return failure;
    const described = await this.describeTable(table, 0).catch(() => undefined);
    if (!described || described.columns.length === 0) return failure;
    return namingReadable(
      failure,
      described.name,
      described.columns.map((c) => c.name),
    );
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /**
   * Runs `work` (the catalog's reads, through the simple protocol) in a read-only transaction
   * bounded by `timeoutMs`, then rolls back. When `signal` aborts, the statement running is
   * cancelled and this rejects with `SqlStopped`.
   */
  private async readOnly<T>(
    timeoutMs: number,
    signal: AbortSignal | undefined,
    work: Work<T>,
  ): Promise<T> {
    let cancelled = false;
    let result: T;
    try {
      result = await this.withClient(
        signal,
        () => void (cancelled = true),
        async (client, cleanUp) => {
          let read: T;
          try {
            await client.query(transactionStart(timeoutMs).join('; '));
            read = await work(client);
          } catch (error) {
            await cleanUp(false);
            throw error;
          }
          void cleanUp(false);
          return read;
        },
      );
    } catch (error) {
      if (cancelled) throw new SqlStopped();
      throw error;
    }
    // A read that answered all the same (a sample row's failure is said in place of the rows).
    if (cancelled) throw new SqlStopped();
    return result;
  }

  /**
   * Lends `work` a pooled connection, cancelling its statement when `signal` aborts. `work`
   * calls `cleanUp(clean)` once its transaction is over: `clean` when it already rolled back
   * and discarded the session on the wire, otherwise `cleanUp` does (`SessionReset`); the connection goes
   * back to the pool after that (destroyed if any of it failed), and the answer need not wait.
   */
  private async withClient<T>(
    signal: AbortSignal | undefined,
    onCancel: (() => void) | undefined,
    work: (client: PoolClient, cleanUp: (clean: boolean) => Promise<void>) => Promise<T>,
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
    let released: Promise<void> | undefined;
    const cleanUp = (clean: boolean): Promise<void> =>
      (released ??= (async () => {
        signal?.removeEventListener('abort', onAbort);
        if (!clean) {
          try {
            // One write and one round trip (the library's own statements).
            const reset = new SessionReset();
            void client.query(reset);
            await reset.done;
          } catch {
            healthy = false;
          }
        }
        client.off('error', onError);
        client.release(!healthy);
      })());
    return work(client, cleanUp);
  }
}
