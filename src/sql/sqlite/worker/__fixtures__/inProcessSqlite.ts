/**
 * SQLite in the test's own process, wired as the worker wires it (the authorizer over an
 * `AuthorizerState`, the schema's readable tables), so `runStatement` and `authorize` are tested
 * directly on a real database rather than through the worker thread.
 */
import type { AuthorizerState } from '../authorize';
import { authorize } from '../authorize';
import type { QueryRequest } from '../protocol';
import { ensureReadable } from '../ensureReadable';
import type { RunOutcome } from '../runStatement';
import { runStatement } from '../runStatement';
import type { Pointer, Sqlite3 } from '../sqliteApi';

/** A database set up by `statements`, and a function running one request on it. */
export interface InProcessSqlite {
  state: AuthorizerState;
  run(sql: string, options?: Partial<QueryRequest>): RunOutcome;
  close(): void;
}

const BUDGET = { maxRows: 100, countLimit: 1_000, maxCellChars: 200, timeoutMs: 10_000 };

/** Opens an in-memory database, runs `statements` as trusted code, then hides `hidden`. */
export async function inProcessSqlite(
  statements: readonly string[],
  hidden: Record<string, string[]> = {},
): Promise<InProcessSqlite> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const init = require('@sqlite.org/sqlite-wasm').default as (o: object) => Promise<Sqlite3>;
  const sqlite3 = await init({ print: () => undefined, printErr: () => undefined });
  const { capi, wasm } = sqlite3;
  const slot = wasm.alloc(wasm.ptrSizeof);
  capi.sqlite3_open_v2(':memory:', slot, 0x2 | 0x4, null);
  const db: Pointer = wasm.peekPtr(slot);
  wasm.dealloc(slot);
  const state: AuthorizerState = {
    policy: 'trusted',
    pragmas: new Set(),
    hidden: new Map(Object.entries(hidden).map(([t, cs]) => [t, new Set(cs)])),
    ignored: new Set(),
    preparing: false,
  };
  capi.sqlite3_set_authorizer(db, (_u, action, a, b) => authorize(state, action, a, b), 0);
  const run = (sql: string, options: Partial<QueryRequest> = {}): RunOutcome => {
    const request: QueryRequest = {
      type: 'query',
      id: 1,
      sql,
      policy: 'read',
      single: true,
      ...BUDGET,
      ...options,
    };
    // As the worker's query(): the allow-list first (as trusted code), then a fresh state.
    if (request.policy === 'read') ensureReadable(sqlite3, db, state);
    Object.assign(state, { policy: request.policy, ignored: new Set() });
    state.denied = state.refusal = undefined;
    try {
      return runStatement(sqlite3, db, request, state);
    } finally {
      state.policy = 'trusted';
    }
  };
  for (const sql of statements) {
    const outcome = run(sql, { policy: 'trusted' });
    if (!outcome.ok) throw new Error(`${sql}: ${outcome.failure.message}`);
  }
  return { state, run, close: () => void capi.sqlite3_close_v2(db) };
}
