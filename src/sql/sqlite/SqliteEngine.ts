/**
 * SQLite for the SQL tools: `@sqlite.org/sqlite-wasm` in a worker thread, the database opened
 * from a file's bytes (or given bytes) read-only, `PRAGMA query_only`, and the model's
 * statements judged by the authorizer allow-list and `sqlite3_stmt_readonly`. The catalog is
 * read through `pragma_table_list` / `pragma_table_xinfo` with the table name bound, never
 * spliced.
 */
import { readFile } from 'node:fs/promises';
import { assertPeers } from '../../peers/assertPeers';
import { SqliteWorker } from './worker/SqliteWorker';
import type { Failure, QueryRequest, QueryResult, SqlParam } from './worker/protocol';
import { parseHidden } from '../hiddenColumns';
import { SqlStopped } from '../SqlStopped';
import type { HiddenColumn } from '../hiddenColumns';
import type {
  QueryAnswer,
  QueryBudget,
  SqliteDatabase,
  TableDescription,
  TableSummary,
} from '../SqlEngine';
import { SqlConfigError } from '../hiddenColumns';

/** Options of `openSqlite`. */
export interface SqliteOptions {
  /** A database file, read once when opened (reopen to see later changes). */
  file?: string;
  /** Or the database's bytes. */
  bytes?: Uint8Array;
  /** Columns the model never sees: `['users.password_hash']`. */
  hide?: readonly string[];
  /** The largest string or blob a query may build, in bytes (default 16 MiB). */
  maxValueBytes?: number;
  /**
   * Bytes of values a query may produce over all its rows, shown or only counted (default 64
   * MiB): past it the query stops, so a few huge values cannot outrun the time limit.
   */
  maxReadBytes?: number;
}

/** The default of `maxReadBytes`. */
const MAX_READ_BYTES = 64 * 1024 * 1024;

/** The note for a query stopped by its byte budget. */
function bytesNote(maxBytes: number): string {
  const mb = Math.round(maxBytes / (1024 * 1024));
  return (
    `stopped after ${mb} MB of values; select fewer or shorter columns ` +
    '(substr(column, 1, n), length(column)) or add a WHERE clause'
  );
}

/**
 * The note when `*` (or a view) met hidden columns and left them out, as PostgreSQL's refusal
 * of such a read does: it says how to name the columns, without naming the hidden ones.
 */
const HIDDEN_LEFT_OUT =
  'hidden columns were left out, as these tools never show them; select only the columns shown ' +
  '(not * nor a hidden column)';

/** The catalog's own budget: generous, trusted, bounded in time all the same. */
const CATALOG = { maxRows: 10_000, countLimit: 10_000, maxCellChars: 10_000, timeoutMs: 10_000 };

/** Double-quotes an identifier that came from the catalog (never from the model). */
const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** A stop or a budget, as the SQL tools report it. */
function failureOf(failure: Failure): QueryAnswer {
  const tooBig = /string or blob too big/i.test(failure.message);
  const kind = tooBig ? 'too-big' : failure.kind === 'internal' ? 'sql' : failure.kind;
  const position = failure.offset !== undefined ? failure.offset + 1 : undefined;
  return {
    ok: false,
    failure: { kind, message: failure.message, ...(position ? { position } : {}) },
  };
}

/**
 * Opens a SQLite database for the SQL tools, read-only.
 * @example
 * const db = await openSqlite({ file: 'shop.db', hide: ['customers.email'] });
 * const registry = sqlRegistry(db);
 */
export async function openSqlite(options: SqliteOptions): Promise<SqliteDatabase> {
  assertPeers('toolwright/sql (SQLite)', ['@sqlite.org/sqlite-wasm']);
  if (!options.file && !options.bytes) {
    throw new SqlConfigError('openSqlite needs a file or the bytes of a database');
  }
  const bytes = options.bytes ?? new Uint8Array(await readFile(options.file!));
  const hidden = parseHidden(options.hide);
  const worker = await SqliteWorker.start();
  try {
    const opened = await worker.open({
      bytes,
      readOnly: true,
      hidden,
      maxValueBytes: options.maxValueBytes ?? 16 * 1024 * 1024,
      maxSqlLength: 100_000,
    });
    const maxReadBytes = options.maxReadBytes ?? MAX_READ_BYTES;
    // The worker's list adds the columns external-content FTS5 tables share with their content.
    const engine = new SqliteEngine(worker, opened.version, opened.hidden, maxReadBytes);
    await engine.assertHiddenExist(hidden);
    return engine;
  } catch (error) {
    await worker.close();
    throw error;
  }
}

/** A read-only SQLite database in a worker thread; created by `openSqlite`. */
class SqliteEngine implements SqliteDatabase {
  readonly dialect = 'SQLite';

  constructor(
    private readonly worker: SqliteWorker,
    readonly version: string,
    private readonly hidden: readonly HiddenColumn[],
    private readonly maxReadBytes: number,
  ) {}

  /** Milliseconds the worker thread took to start and load SQLite. */
  get startupMs(): number {
    return this.worker.startupMs;
  }

  /** Refuses a `hide` entry naming a table or column the database does not have (a typo hides nothing). */
  async assertHiddenExist(hidden: readonly HiddenColumn[]): Promise<void> {
    for (const { table, column } of hidden) {
      const entry = `hide: "${table}.${column}"`;
      const found = await this.catalog(
        "SELECT name FROM pragma_table_list WHERE schema = 'main' AND name = ?1 COLLATE NOCASE",
        [table],
      );
      if (found.rows.length === 0) {
        throw new SqlConfigError(`${entry}: the database has no table ${table}; check the name`);
      }
      const columns = await this.catalog('SELECT name FROM pragma_table_xinfo(?1)', [
        String(found.rows[0]![0]),
      ]);
      const names = columns.rows.map(([name]) => String(name));
      if (!names.some((name) => name.toLowerCase() === column.toLowerCase())) {
        throw new SqlConfigError(
          `${entry}: table ${table} has no column ${column} (its columns: ${names.join(', ')}); check the name`,
        );
      }
    }
  }

  async listTables(pattern?: string, signal?: AbortSignal): Promise<TableSummary[]> {
    const catalog = this.catalogFor(signal);
    const listed = await catalog(
      "SELECT name, type FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'view', 'virtual') " +
        "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND (?1 IS NULL OR name LIKE ?1) ORDER BY name",
      [pattern ?? null],
    );
    const tables: TableSummary[] = [];
    for (const [name, kind] of listed.rows as [string, string][]) {
      const counted = await this.readAsModel(
        `SELECT count(*) FROM main.${quoteIdent(name)}`,
        [],
        signal,
      );
      // A table the model may not read (a dbstat or fts5vocab table of the database's own) is left out.
      if (!counted.ok && counted.failure.kind === 'unreadable') continue;
      if (!counted.ok)
        throw new SqlConfigError(`SQLite catalog read failed: ${counted.failure.message}`);
      tables.push({ name, kind, rows: Number(counted.result.rows[0]?.[0] ?? 0) });
    }
    return tables;
  }

  async describeTable(
    name: string,
    sampleRows: number,
    signal?: AbortSignal,
  ): Promise<TableDescription | undefined> {
    const catalog = this.catalogFor(signal);
    const found = await catalog(
      "SELECT name, type FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'view', 'virtual') " +
        "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name = ?1 COLLATE NOCASE",
      [name],
    );
    const [table, kind] = (found.rows[0] ?? []) as [string?, string?];
    if (!table) return undefined;
    const hiddenHere = new Set(
      this.hidden
        .filter((h) => h.table.toLowerCase() === table.toLowerCase())
        .map((h) => h.column.toLowerCase()),
    );
    const columnRows = await catalog(
      'SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_xinfo(?1) WHERE hidden = 0 ORDER BY cid',
      [table],
    );
    const columns = (columnRows.rows as [string, string, number, string | null, number][])
      .filter(([column]) => !hiddenHere.has(column.toLowerCase()))
      .map(([column, type, notNull, dflt, pk]) => ({
        name: column,
        type: type || 'ANY',
        nullable: notNull === 0 && pk === 0,
        primaryKey: pk > 0,
        ...(dflt !== null ? { default: dflt } : {}),
      }));
    const keys = await catalog(
      'SELECT id, "from", "table", "to" FROM pragma_foreign_key_list(?1) ORDER BY id, seq',
      [table],
    );
    const foreignKeys = new Map<number, { columns: string[]; references: string }>();
    for (const [id, from, target, to] of keys.rows as [number, string, string, string | null][]) {
      const key = foreignKeys.get(id) ?? { columns: [], references: `${target}(` };
      key.columns.push(from);
      key.references += `${key.columns.length > 1 ? ', ' : ''}${to ?? 'rowid'}`;
      foreignKeys.set(id, key);
    }
    const indexRows = await catalog(
      'SELECT il.name, il."unique", ii.name FROM pragma_index_list(?1) AS il, pragma_index_info(il.name) AS ii ' +
        'ORDER BY il.seq, ii.seqno',
      [table],
    );
    const indexes = new Map<string, { name: string; columns: string[]; unique: boolean }>();
    for (const [index, unique, column] of indexRows.rows as [string, number, string | null][]) {
      const entry = indexes.get(index) ?? { name: index, columns: [], unique: unique === 1 };
      if (column && !hiddenHere.has(column.toLowerCase())) entry.columns.push(column);
      indexes.set(index, entry);
    }
    const description: TableDescription = {
      name: table,
      kind: kind ?? 'table',
      columns,
      foreignKeys: [...foreignKeys.values()].map((k) => ({ ...k, references: `${k.references})` })),
      indexes: [...indexes.values()].filter((index) => index.columns.length > 0),
    };
    if (sampleRows > 0 && columns.length > 0) {
      description.sample = await this.sample(table, columns, sampleRows, signal);
    }
    return description;
  }

  /**
   * A few rows of `table`, read as the model's own statement is (so a table it may not read,
   * such as a vocabulary of a full-text index with a hidden column, gives its reason instead).
   */
  private async sample(
    table: string,
    columns: readonly { name: string }[],
    sampleRows: number,
    signal?: AbortSignal,
  ): Promise<NonNullable<TableDescription['sample']>> {
    const list = columns.map((c) => quoteIdent(c.name)).join(', ');
    const sql = `SELECT ${list} FROM main.${quoteIdent(table)} LIMIT ?1`;
    const answer = await this.readAsModel(sql, [sampleRows], signal, 200);
    if (answer.ok) return { columns: answer.result.columns, rows: answer.result.rows };
    return { columns: [], rows: [], unreadable: answer.failure.message };
  }

  /**
   * The library's own statement, judged as the model's is (the readable tables, hidden columns):
   * for what the catalog shows of the data. A stop by `signal` throws `SqlStopped`.
   */
  private async readAsModel(
    sql: string,
    params: SqlParam[],
    signal?: AbortSignal,
    maxCellChars = CATALOG.maxCellChars,
  ) {
    return this.ask(
      { sql, params, policy: 'read', maxCellChars, maxBytes: this.maxReadBytes },
      signal,
    );
  }

  /**
   * One of the library's own statements, at the catalog's limits; a stop by `signal` throws
   * `SqlStopped`, any other failure is answered.
   */
  private async ask(
    statement: Pick<QueryRequest, 'sql' | 'params' | 'policy' | 'maxCellChars' | 'maxBytes'>,
    signal: AbortSignal | undefined,
  ) {
    const answer = await this.worker.query({ single: true, ...CATALOG, ...statement }, signal);
    if (!answer.ok && answer.failure.kind === 'aborted') throw new SqlStopped();
    return answer;
  }

  async query(sql: string, budget: QueryBudget, signal?: AbortSignal): Promise<QueryAnswer> {
    const answer = await this.worker.query(
      { sql, policy: 'read', single: true, maxBytes: this.maxReadBytes, ...budget },
      signal,
    );
    if (!answer.ok) return failureOf(answer.failure);
    const { columns, rows, rowCount, countCapped, cutCells, hidden, bytesCapped } = answer.result;
    const onlyHidden = columns.length === 0 && hidden ? { hidden } : {};
    const notes = [
      columns.length > 0 && hidden ? HIDDEN_LEFT_OUT : '',
      bytesCapped ? bytesNote(bytesCapped) : '',
    ].filter(Boolean);
    const note = notes.length ? { note: notes.join('; ') } : {};
    return {
      ok: true,
      rows: { columns, rows, rowCount, countCapped, cutCells, ...onlyHidden, ...note },
    };
  }

  async close(): Promise<void> {
    await this.worker.close();
  }

  /** Catalog reads stopped when `signal` aborts (`SqlStopped`). */
  private catalogFor(signal: AbortSignal | undefined) {
    return (sql: string, params: SqlParam[] = [], maxCellChars = CATALOG.maxCellChars) =>
      this.catalog(sql, params, maxCellChars, signal);
  }

  /**
   * A catalog read of the library's own (trusted, still read-only: the database is); the
   * worker stops its statement when `signal` aborts.
   */
  private async catalog(
    sql: string,
    params: SqlParam[] = [],
    maxCellChars = CATALOG.maxCellChars,
    signal?: AbortSignal,
  ): Promise<QueryResult> {
    const answer = await this.ask({ sql, params, policy: 'trusted', maxCellChars }, signal);
    if (!answer.ok)
      throw new SqlConfigError(`SQLite catalog read failed: ${answer.failure.message}`);
    return answer.result;
  }
}
