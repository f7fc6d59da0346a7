/**
 * The authorizer's allow-list for a `read` statement, as a pure function of SQLite's action
 * code and arguments: SELECT, READ of the user's own tables and views (hidden columns read as
 * NULL), FUNCTION, RECURSIVE and the PRAGMAs the statement's policy names; everything else
 * (writes, ATTACH, transactions, `PRAGMA query_only=0`, `writable_schema`, temp objects,
 * internal and shadow tables, search roads to a hidden column) is denied at prepare time.
 * `sqlite3_stmt_readonly` alone would pass `PRAGMA query_only=0` and `ATTACH`.
 */
import type { ReadableTables } from './readableTables';
import { SEARCH_FUNCTIONS, searchRefusal } from './readableTables';

/** SQLite's action codes and answers (the C constants, which never change). */
const SQLITE_OK = 0;
const SQLITE_DENY = 1;
const SQLITE_IGNORE = 2;
const SQLITE_PRAGMA = 19;
const SQLITE_READ = 20;
const SQLITE_SELECT = 21;
const SQLITE_FUNCTION = 31;
const SQLITE_RECURSIVE = 33;

/** PRAGMAs every read may run: FTS5 reads `data_version` to know its cache is fresh. */
const ALWAYS_ALLOWED_PRAGMAS = ['data_version'];

/** The tables whose `sql` column holds the schema's text (and so hidden columns' names). */
const SCHEMA_TABLES = new Set(['sqlite_master', 'sqlite_schema', 'sqlite_temp_master']);

/** What the authorizer knows of the statement being prepared. */
export interface AuthorizerState {
  /** Whether the statement is judged (`read`) or the caller's own (`trusted`). */
  policy: 'read' | 'trusted';
  /** PRAGMAs allowed (lower case), besides `data_version`. */
  pragmas: ReadonlySet<string>;
  /** Hidden columns by lower-case table name, then lower-case column names. */
  hidden: ReadonlyMap<string, ReadonlySet<string>>;
  /** Hidden columns the statement read (so they read as NULL), lower case: the result drops them. */
  ignored: Set<string>;
  /**
   * True while the statement itself is prepared; false while it steps, when the reads asked are
   * a virtual table's own statements (FTS5 reading its shadow tables), not the model's.
   */
  preparing: boolean;
  /** What a `read` may name; without it, reads are judged by hidden columns only. */
  readable?: ReadableTables;
  /**
   * True while the worker reads the schema for itself (`catalogRead`): the schema's text then
   * reads as it is, to know each virtual table's module.
   */
  readingSchema?: boolean;
  /** Set when a trusted statement changed the schema, so `readable` is loaded again. */
  schemaChanged?: boolean;
  /** The first action denied, for the refusal's message. */
  denied?: string;
  /** A read refused, as the whole message (the table or road, and why). */
  refusal?: string;
}

/** Names of the action codes, for messages. */
const ACTION_NAMES: Record<number, string> = {
  1: 'CREATE INDEX',
  2: 'CREATE TABLE',
  3: 'CREATE TEMP INDEX',
  4: 'CREATE TEMP TABLE',
  5: 'CREATE TEMP TRIGGER',
  6: 'CREATE TEMP VIEW',
  7: 'CREATE TRIGGER',
  8: 'CREATE VIEW',
  9: 'DELETE',
  10: 'DROP INDEX',
  11: 'DROP TABLE',
  12: 'DROP TEMP INDEX',
  13: 'DROP TEMP TABLE',
  14: 'DROP TEMP TRIGGER',
  15: 'DROP TEMP VIEW',
  16: 'DROP TRIGGER',
  17: 'DROP VIEW',
  18: 'INSERT',
  19: 'PRAGMA',
  22: 'transaction control',
  23: 'UPDATE',
  24: 'ATTACH',
  25: 'DETACH',
  26: 'ALTER TABLE',
  27: 'REINDEX',
  28: 'ANALYZE',
  29: 'CREATE VIRTUAL TABLE',
  30: 'DROP VIRTUAL TABLE',
  32: 'SAVEPOINT',
};

/** Actions that change the schema (CREATE, DROP, ALTER of any object). */
const SCHEMA_ACTIONS = new Set([
  1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 26, 29, 30,
]);

/**
 * The authorizer's answer (`SQLITE_OK`, `SQLITE_DENY` or `SQLITE_IGNORE`) to one action.
 * @example
 * authorize(state, 20, 'users', 'password_hash'); // SQLITE_IGNORE when hidden
 */
export function authorize(
  state: AuthorizerState,
  action: number,
  a: string | null,
  b: string | null,
): number {
  if (action === SQLITE_READ) return readAnswer(state, a, b);
  if (state.policy === 'trusted') {
    if (SCHEMA_ACTIONS.has(action)) state.schemaChanged = true;
    return SQLITE_OK;
  }
  switch (action) {
    case SQLITE_SELECT:
    case SQLITE_RECURSIVE:
      return SQLITE_OK;
    case SQLITE_FUNCTION:
      return functionAnswer(state, b);
    case SQLITE_PRAGMA: {
      const name = (a ?? '').toLowerCase();
      const allowed = ALWAYS_ALLOWED_PRAGMAS.includes(name) || state.pragmas.has(name);
      if (allowed) return SQLITE_OK;
      return deny(state, `PRAGMA ${name}${b !== null ? ` = ${b}` : ''}`);
    }
    default:
      return deny(state, ACTION_NAMES[action] ?? `action ${action}`);
  }
}

function readAnswer(state: AuthorizerState, table: string | null, column: string | null): number {
  const tableName = (table ?? '').toLowerCase();
  const columnName = (column ?? '').toLowerCase();
  if (state.policy === 'read' && state.preparing && state.readable) {
    const refusal = readRefusal(state.readable, tableName, columnName);
    if (refusal) return refuse(state, refusal);
  }
  if (state.hidden.get(tableName)?.has(columnName)) {
    state.ignored.add(columnName);
    return SQLITE_IGNORE;
  }
  // The schema's text names hidden columns: a read of it gets NULL while any column is hidden.
  const schemaText = SCHEMA_TABLES.has(tableName) && columnName === 'sql';
  if (schemaText && state.hidden.size > 0 && !state.readingSchema) {
    return SQLITE_IGNORE;
  }
  return SQLITE_OK;
}

/** Why the model's statement may not read `column` of `table` (both lower case), if it may not. */
function readRefusal(readable: ReadableTables, table: string, column: string): string | undefined {
  if (readable.tables.has(table)) {
    const search = readable.searchable.get(table);
    if (!search?.searchColumns.has(column)) return undefined;
    return searchRefusal(table, search.hidden, 'MATCH or = on the table, rank');
  }
  // A statement naming no column of a table reads it as ''; a CTE's name reads the same way.
  const known =
    readable.unreadable.has(table) || table.startsWith('sqlite_') || table.startsWith('pragma_');
  if (column === '' && !known) return undefined;
  return `${table} cannot be read: these tools read only the database's own tables and views`;
}

function functionAnswer(state: AuthorizerState, name: string | null): number {
  const fn = (name ?? '').toLowerCase();
  if (!state.readable?.searchFunctionsRefused || !SEARCH_FUNCTIONS.has(fn)) return SQLITE_OK;
  const hidden = [...state.readable.searchable].map(([t, s]) => `${t}.${s.hidden.join(', ')}`);
  return refuse(
    state,
    `${fn}() is not allowed: it reads a full-text table's text past its hidden column (${hidden.join('; ')})`,
  );
}

function deny(state: AuthorizerState, what: string): number {
  state.denied ??= what;
  return SQLITE_DENY;
}

function refuse(state: AuthorizerState, message: string): number {
  state.refusal ??= message;
  return SQLITE_DENY;
}
