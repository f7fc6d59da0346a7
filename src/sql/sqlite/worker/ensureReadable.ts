/**
 * Loads what a `read` statement may name (`loadReadableTables`) into the authorizer's state,
 * through the worker's own trusted reads, once per schema: again only after a trusted statement
 * changed it. Apart from `readableTables` because it runs statements (`runStatement`), which
 * itself reads the allow-list.
 */
import type { AuthorizerState } from './authorize';
import type { QueryRequest } from './protocol';
import type { CatalogRead } from './readableTables';
import { loadReadableTables } from './readableTables';
import { runStatement } from './runStatement';
import type { Pointer, Sqlite3 } from './sqliteApi';

/** The budget of the schema reads. */
const CATALOG_READ: Omit<QueryRequest, 'sql'> = {
  type: 'query',
  id: 0,
  policy: 'trusted',
  single: true,
  maxRows: 100_000,
  countLimit: 100_000,
  maxCellChars: 100_000,
  timeoutMs: 10_000,
};

/**
 * Sets `state.readable` when it is missing or the schema changed; leaves `state.policy`
 * `trusted`. A failing schema read throws.
 * @example
 * ensureReadable(sqlite3, db, state); // before a `read` statement
 */
export function ensureReadable(sqlite3: Sqlite3, db: Pointer, state: AuthorizerState): void {
  if (state.readable && !state.schemaChanged) return;
  state.policy = 'trusted';
  state.schemaChanged = false;
  state.readable = loadReadableTables(catalogRead(sqlite3, db, state), state.hidden);
}

/**
 * The worker's own trusted schema reads, as `loadReadableTables` takes them, the schema's text
 * (`sqlite_schema.sql`) as it is even while a column is hidden; a failure throws.
 */
export function catalogRead(sqlite3: Sqlite3, db: Pointer, state: AuthorizerState): CatalogRead {
  return (sql, params = []) => {
    state.readingSchema = true;
    try {
      const request = { ...CATALOG_READ, sql, params: [...params] };
      const outcome = runStatement(sqlite3, db, request, state);
      if (!outcome.ok) throw new Error(`reading the schema failed: ${outcome.failure.message}`);
      return outcome.result.rows;
    } finally {
      state.readingSchema = false;
    }
  };
}
