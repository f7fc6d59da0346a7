/**
 * The authorizer's allow-list for a `read` statement, as a pure function of SQLite's action
 * code and arguments: SELECT, READ (hidden columns read as NULL), FUNCTION, RECURSIVE and the
 * PRAGMAs the statement's policy names; everything else (writes, ATTACH, transactions,
 * `PRAGMA query_only=0`, `writable_schema`, temp objects) is denied at prepare time.
 * `sqlite3_stmt_readonly` alone would pass `PRAGMA query_only=0` and `ATTACH`.
 */

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
  /** The first action denied, for the refusal's message. */
  denied?: string;
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
  if (state.policy === 'trusted') return SQLITE_OK;
  switch (action) {
    case SQLITE_SELECT:
    case SQLITE_FUNCTION:
    case SQLITE_RECURSIVE:
      return SQLITE_OK;
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
  if (state.hidden.get(tableName)?.has(columnName)) {
    state.ignored.add(columnName);
    return SQLITE_IGNORE;
  }
  // The schema's text names hidden columns: a read of it gets NULL while any column is hidden.
  if (state.hidden.size > 0 && SCHEMA_TABLES.has(tableName) && columnName === 'sql') {
    return SQLITE_IGNORE;
  }
  return SQLITE_OK;
}

function deny(state: AuthorizerState, what: string): number {
  state.denied ??= what;
  return SQLITE_DENY;
}
