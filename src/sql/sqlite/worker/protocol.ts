/**
 * The messages between a process and its SQLite worker thread (`workerMain.ts`): open a
 * database, run one prepared statement under a policy, close. Plain data only, so the same
 * worker serves every feature built on SQLite (the SQL tools, full-text search) without
 * knowing them; cancellation goes through a shared flag, not a message, because the worker is
 * busy while a statement runs.
 */

/** A value SQLite takes as a bound parameter. */
export type SqlParam = string | number | bigint | null | Uint8Array;

/** A cell as the worker returns it: text (cut to the budget), a number, null, or a blob note. */
export type SqlCell = string | number | null;

/** `table.column` pairs whose values a read never returns (the authorizer reads them as NULL). */
export type HiddenColumns = readonly { table: string; column: string }[];

/** Opens the worker's database (replacing any open one). */
export interface OpenRequest {
  type: 'open';
  id: number;
  /** The database file's bytes; without them, an empty in-memory database. */
  bytes?: Uint8Array;
  /** Open read-only (`SQLITE_DESERIALIZE_READONLY` and `PRAGMA query_only`). */
  readOnly: boolean;
  /** Columns no read returns. */
  hidden?: HiddenColumns;
  /** The largest string or blob a statement may build, in bytes (`SQLITE_LIMIT_LENGTH`). */
  maxValueBytes?: number;
  /** The longest SQL text accepted (`SQLITE_LIMIT_SQL_LENGTH`). */
  maxSqlLength?: number;
  /** Registers `vector_cosine(a, b)`: the cosine of two float32 blobs (NULL unless both are). */
  vectorFunctions?: boolean;
}

/**
 * How a statement is judged: `read` allows only what reads (an authorizer allow-list, and
 * `sqlite3_stmt_readonly`); `trusted` is the caller's own code (indexing, catalog reads).
 */
export type StatementPolicy = 'read' | 'trusted';

/** Runs one statement and returns its rows, within budgets. */
export interface QueryRequest {
  type: 'query';
  id: number;
  sql: string;
  params?: readonly SqlParam[];
  policy: StatementPolicy;
  /** Refuse text after the first statement (other than whitespace and comments). */
  single: boolean;
  /** PRAGMAs a `read` statement may run (names, lower case); `data_version` is always allowed. */
  pragmas?: readonly string[];
  /** Rows returned at most; the rest are counted up to `countLimit`. */
  maxRows: number;
  /** Rows counted at most (past `maxRows`), to say how big the result was. */
  countLimit: number;
  /** Characters one cell keeps at most (and so decodes at most four bytes each of). */
  maxCellChars: number;
  /**
   * Bytes of values (text and blobs as stored, numbers as 8) the statement may produce over all
   * the rows it steps, kept or counted; past it, the statement stops as if counting had.
   */
  maxBytes?: number;
  /** Milliseconds the statement may run; the progress handler interrupts it after. */
  timeoutMs: number;
  /**
   * Keep the prepared statement for the next request of the same SQL (`trusted` only: the
   * caller's own statements, run again and again, such as a search store's query).
   */
  keep?: boolean;
}

/** Returns the database's bytes (to save it, or open them elsewhere). */
export interface SerializeRequest {
  type: 'serialize';
  id: number;
}

/** One statement of a batch, run once per row of parameters. */
export interface BatchStep {
  sql: string;
  rows: readonly (readonly SqlParam[])[];
}

/**
 * Runs the caller's own statements (indexing: trusted code, never the model's) over many rows in
 * one transaction, each statement prepared once; any failure rolls the whole batch back.
 */
export interface BatchRequest {
  type: 'batch';
  id: number;
  steps: readonly BatchStep[];
  /** Milliseconds the batch may run; the progress handler interrupts it after. */
  timeoutMs: number;
}

/** Asks the worker what memory it holds. */
export interface StatsRequest {
  type: 'stats';
  id: number;
}

/** Closes the database. */
export interface CloseRequest {
  type: 'close';
  id: number;
}

/** Any message the worker takes. */
export type WorkerRequest =
  OpenRequest | QueryRequest | SerializeRequest | CloseRequest | BatchRequest | StatsRequest;

/** What `open` answers. */
export interface OpenResult {
  /** SQLite's version, such as `3.50.4`. */
  version: string;
  /**
   * The columns no read returns: the request's, and those an external-content FTS5 table shares
   * with its content table (`withContentTables`).
   */
  hidden: HiddenColumns;
}

/** What `serialize` answers. */
export interface SerializeResult {
  bytes: Uint8Array;
}

/** What `batch` answers. */
export interface BatchResult {
  /** Rows changed over all steps (`sqlite3_changes` summed). */
  changes: number;
}

/** What `stats` answers: the worker's memory, for benchmarks and capacity planning. */
export interface StatsResult {
  /** The WebAssembly memory's size (SQLite's whole heap, free pages included). */
  wasmHeapBytes: number;
  /** What SQLite's allocator holds (`SQLITE_STATUS_MEMORY_USED`). */
  sqliteMemoryUsed: number;
  /** The worker thread's JavaScript heap in use. */
  workerHeapUsed: number;
}

/** What `query` answers. */
export interface QueryResult {
  columns: string[];
  rows: SqlCell[][];
  /** Rows the statement produced, counted up to `countLimit`. */
  rowCount: number;
  /** True when counting stopped at `countLimit` (there were more). */
  countCapped: boolean;
  /** How many cells were cut to `maxCellChars`. */
  cutCells: number;
  /** Rows changed (for `trusted` writes). */
  changes: number;
  /** Hidden columns the statement selected, left out of `columns`. */
  hidden?: string[];
  /** Set to `maxBytes` when the statement was stopped for producing more bytes than it. */
  bytesCapped?: number;
}

/**
 * Why a request failed: SQL the engine rejects, a refusal of the policy (a statement that is no
 * read; a read of what `read` never shows), or a stop.
 */
export type FailureKind = 'sql' | 'refused' | 'unreadable' | 'timeout' | 'aborted' | 'internal';

/** A failed request: what to tell, and where in the SQL (character offset) when known. */
export interface Failure {
  kind: FailureKind;
  message: string;
  offset?: number;
}

/** The worker's answer to a request. */
export type WorkerReply =
  | {
      id: number;
      ok: true;
      result: OpenResult | QueryResult | SerializeResult | BatchResult | StatsResult | null;
    }
  | { id: number; ok: false; failure: Failure };

/** What the worker receives at start: the shared stop flag (the id of the request to stop). */
export interface WorkerData {
  stop: Int32Array;
}
