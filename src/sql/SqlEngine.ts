/**
 * What the SQL tools need of a database, whatever the engine: the catalog (tables, one table's
 * columns, keys and indexes, always looked up by bound parameter) and one read-only query
 * within a budget. `SqliteEngine` and `PostgresEngine` implement it; the tools never build SQL.
 */

/** A cell of a result: text, a number, or NULL. */
export type SqlCell = string | number | null;

/** One table (or view) as `list_tables` shows it. */
export interface TableSummary {
  /** The table's name, as the model writes it in a query. */
  name: string;
  /** `table`, `view`, `virtual` (SQLite), `materialized view` or `foreign table` (PostgreSQL). */
  kind: string;
  /** Its row count, or the planner's estimate when `estimated`. */
  rows?: number;
  /** True when `rows` is PostgreSQL's planner estimate, not a count (a large table is not counted). */
  estimated?: boolean;
  /** The table's comment (PostgreSQL `COMMENT ON TABLE`), when it has one. */
  comment?: string;
}

/** One column of a table. */
export interface ColumnInfo {
  /** The column's name. */
  name: string;
  /** Its type as the engine prints it (`character varying(80)`); SQLite says `ANY` when none is declared. */
  type: string;
  /** True when the column may hold NULL. */
  nullable: boolean;
  /** True when the column is part of the primary key. */
  primaryKey: boolean;
  /** The default expression, as SQL text, when the column has one. */
  default?: string;
  /** The column's comment (PostgreSQL `COMMENT ON COLUMN`), when it has one. */
  comment?: string;
}

/** One table described: columns (hidden ones left out), keys, indexes, sample rows. */
export interface TableDescription {
  /** The table's name as the catalog spells it. */
  name: string;
  /** What it is, as in `TableSummary.kind`. */
  kind: string;
  /** The table's comment, when it has one. */
  comment?: string;
  /** The columns the tools may show, in table order. */
  columns: ColumnInfo[];
  /** Each foreign key: its local columns and the referenced `table(column, …)`. */
  foreignKeys: { columns: string[]; references: string }[];
  /** Each index with the (shown) columns it covers, and whether it is unique. */
  indexes: { name: string; columns: string[]; unique: boolean }[];
  /**
   * A few rows, when the tools are configured with `sampleRows`; `unreadable` is the engine's
   * reason when they could not be read (a view calling `nextval()` in a read-only transaction).
   */
  sample?: { columns: string[]; rows: SqlCell[][]; unreadable?: string };
}

/** The limits of one query. */
export interface QueryBudget {
  /** Rows returned at most. */
  maxRows: number;
  /** Rows counted at most, to say how big a cut result was. */
  countLimit: number;
  /** Characters a cell keeps. */
  maxCellChars: number;
  /** Milliseconds the query may run. */
  timeoutMs: number;
}

/** Rows a query returned, within its budget. */
export interface QueryRows {
  /** The result's column names, in order. */
  columns: string[];
  /** The rows returned (at most the budget's `maxRows`), one cell per column. */
  rows: SqlCell[][];
  /**
   * Each of `rows` as its line of the text table (`rowLine`), when the engine wrote them as it
   * read: what `renderRows` shows of the row, exactly as `rowLine(row)` writes it.
   */
  lines?: string[];
  /** Rows the query produced, counted up to the budget's `countLimit`. */
  rowCount: number;
  /** True when counting stopped at `countLimit`. */
  countCapped: boolean;
  /** Cells cut to `maxCellChars`. */
  cutCells: number;
  /** The hidden columns a statement selected, when it selected nothing else (so none is shown). */
  hidden?: string[];
  /** How the engine bounded the read (a call's bytes), for the model, when it did. */
  note?: string;
}

/** Why a query gave no rows: SQL the engine rejects, a refusal, a stop. */
export interface QueryFailure {
  /**
   * `sql`: the engine could not run it (an error in the SQL, a lost connection); `refused`: not
   * one read-only statement (a write, a second statement, an empty query); `timeout`: it ran or
   * waited past `timeoutMs`; `aborted`: the call was cancelled; `too-big`: a value grew past the
   * engine's limit; `unreadable`: it reads what the tools never show (an internal table, a
   * road to a hidden column).
   */
  kind: 'sql' | 'refused' | 'timeout' | 'aborted' | 'too-big' | 'unreadable';
  /** The engine's message, safe to show the model (no connection details). */
  message: string;
  /** 1-based character position in the query, when the engine knows it. */
  position?: number;
}

/** What `query` answers. */
export type QueryAnswer = { ok: true; rows: QueryRows } | { ok: false; failure: QueryFailure };

/** A database the SQL tools can read. */
export interface SqlEngine {
  /** `SQLite` or `PostgreSQL`: what the model writes. */
  readonly dialect: string;
  /** The server's or library's version. */
  readonly version: string;
  /**
   * Tables and views, optionally matching a SQL LIKE pattern. When `signal` aborts, the engine
   * stops its work on the database and rejects (as `describeTable` does).
   */
  listTables(pattern?: string, signal?: AbortSignal): Promise<TableSummary[]>;
  /** One table found in the catalog by name, or undefined. */
  describeTable(
    name: string,
    sampleRows: number,
    signal?: AbortSignal,
  ): Promise<TableDescription | undefined>;
  /** Runs one read-only statement of the model's. */
  query(sql: string, budget: QueryBudget, signal?: AbortSignal): Promise<QueryAnswer>;
  /** Releases the engine (the worker thread, the pool). */
  close(): Promise<void>;
}

/** A SQLite database opened by `openSqlite`: an engine, and how long its worker took to start. */
export interface SqliteDatabase extends SqlEngine {
  /** Milliseconds the worker thread took to start and load SQLite. */
  readonly startupMs: number;
}
