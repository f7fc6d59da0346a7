/**
 * Runs a batch inside the worker: the caller's own statements (indexing, never the model's), each
 * prepared once and stepped once per row of parameters, all in one transaction that a failure
 * rolls back. Apart from `runStatement`, which judges and reads one statement of the model's.
 */
import type { BatchRequest, BatchResult, Failure } from './protocol';
import { bind } from './runStatement';
import type { Pointer, Sqlite3 } from './sqliteApi';

const SQLITE_ROW = 100;
const SQLITE_DONE = 101;

/** A batch that ran, or why it did not. */
export type BatchOutcome = { ok: true; result: BatchResult } | { ok: false; failure: Failure };

/** Thrown inside the batch to end it with SQLite's message. */
class BatchFailure {
  constructor(readonly message: string) {}
}

function prepare(sqlite3: Sqlite3, db: Pointer, sql: string): Pointer {
  const { capi, wasm } = sqlite3;
  const slot = wasm.alloc(wasm.ptrSizeof);
  try {
    wasm.pokePtr(slot, 0);
    if (capi.sqlite3_prepare_v2(db, sql, -1, slot, null) !== 0) {
      throw new BatchFailure(capi.sqlite3_errmsg(db));
    }
    return wasm.peekPtr(slot);
  } finally {
    wasm.dealloc(slot);
  }
}

/** Steps a statement to its end (rows it returns are ignored). */
function stepAll(sqlite3: Sqlite3, db: Pointer, stmt: Pointer): void {
  for (;;) {
    const rc = sqlite3.capi.sqlite3_step(stmt);
    if (rc === SQLITE_DONE) return;
    if (rc !== SQLITE_ROW) throw new BatchFailure(sqlite3.capi.sqlite3_errmsg(db));
  }
}

function exec(sqlite3: Sqlite3, db: Pointer, sql: string): void {
  const stmt = prepare(sqlite3, db, sql);
  try {
    if (stmt) stepAll(sqlite3, db, stmt);
  } finally {
    if (stmt) sqlite3.capi.sqlite3_finalize(stmt);
  }
}

/**
 * Runs every step of `request` in one transaction.
 * @example
 * runBatch(sqlite3, db, { type: 'batch', id: 1, steps: [{ sql: 'INSERT …', rows }], timeoutMs });
 */
export function runBatch(sqlite3: Sqlite3, db: Pointer, request: BatchRequest): BatchOutcome {
  const { capi } = sqlite3;
  let changes = 0;
  try {
    exec(sqlite3, db, 'BEGIN');
  } catch (error) {
    if (error instanceof BatchFailure)
      return { ok: false, failure: { kind: 'sql', message: error.message } };
    throw error;
  }
  try {
    for (const step of request.steps) {
      const stmt = prepare(sqlite3, db, step.sql);
      if (!stmt) continue;
      try {
        for (const row of step.rows) {
          bind(sqlite3, stmt, row);
          stepAll(sqlite3, db, stmt);
          changes += capi.sqlite3_changes(db);
          capi.sqlite3_reset(stmt);
          capi.sqlite3_clear_bindings(stmt);
        }
      } finally {
        capi.sqlite3_finalize(stmt);
      }
    }
    exec(sqlite3, db, 'COMMIT');
    return { ok: true, result: { changes } };
  } catch (error) {
    try {
      exec(sqlite3, db, 'ROLLBACK');
    } catch {
      // An interrupted statement may have ended the transaction already.
    }
    if (error instanceof BatchFailure)
      return { ok: false, failure: { kind: 'sql', message: error.message } };
    throw error;
  }
}
