/**
 * Runs one statement inside the worker: prepares it (refusing a second statement, or a tail
 * that does not parse, when `single`), checks `sqlite3_stmt_readonly` for a `read`, binds the
 * parameters, and steps through the rows within the budgets (rows kept, rows counted, characters
 * per cell). Failures come back as `Failure` values carrying SQLite's message and offset.
 */
import type { AuthorizerState } from './authorize';
import { searchRefusal, tableValuedSearch } from './readableTables';
import { readCell, rowBytes } from './readRow';
import { statementName } from './statementName';
import type { Failure, QueryRequest, QueryResult, SqlCell, SqlParam } from './protocol';
import type { Capi, Pointer, Sqlite3 } from './sqliteApi';
import type { StatementCache } from './StatementCache';

/** A statement that ran, or why it did not. */
export type RunOutcome = { ok: true; result: QueryResult } | { ok: false; failure: Failure };

/** Thrown inside the worker to end a statement with a `Failure`. */
class StatementFailure {
  constructor(readonly failure: Failure) {}
}

/** The UTF-8 byte offset `bytes` of `text` as a character offset. */
function charOffset(text: string, bytes: number): number {
  return Buffer.from(text, 'utf8').subarray(0, bytes).toString('utf8').length;
}

/** SQLite's error for the last call, with its position in `sql` when SQLite knows it. */
function sqlFailure(capi: Capi, db: Pointer, sql: string, state: AuthorizerState): Failure {
  if (state.refusal) return { kind: 'unreadable', message: state.refusal };
  if (state.denied) return refusedStatement(sql, state.denied);
  const message = capi.sqlite3_errmsg(db);
  // A hidden column reads as NULL, which FTS5's MATCH cannot take: say why, not SQLite's riddle.
  if (state.ignored.size > 0 && /unable to use function MATCH/i.test(message)) {
    const hidden = [...state.ignored].join(', ');
    const refusal = `MATCH on hidden column ${hidden} is not allowed: these tools never read it; MATCH one of the table's other columns`;
    return { kind: 'unreadable', message: refusal };
  }
  const offset = capi.sqlite3_error_offset(db);
  return offset >= 0
    ? { kind: 'sql', message, offset: charOffset(sql, offset) }
    : { kind: 'sql', message };
}

/** The refusal of a statement that is no read: which statement, and that the tools only read. */
function refusedStatement(sql: string, action: string): Failure {
  const message = `${statementName(sql, action)} is not allowed: these tools are read-only`;
  return { kind: 'refused', message };
}

/** Prepares the first statement of `sql`; when `single`, refuses any statement after it. */
function prepare(sqlite3: Sqlite3, db: Pointer, request: QueryRequest, state: AuthorizerState) {
  const { capi, wasm } = sqlite3;
  const sql = request.sql;
  const length = wasm.jstrlen(sql);
  const text = wasm.allocCString(sql);
  const slots = wasm.alloc(2 * wasm.ptrSizeof);
  const ppStmt = slots;
  const pzTail = slots + wasm.ptrSizeof;
  const end = text + length;
  try {
    wasm.pokePtr(ppStmt, 0);
    if (capi.sqlite3_prepare_v3(db, text, length, 0, ppStmt, pzTail) !== 0) {
      throw new StatementFailure(sqlFailure(capi, db, sql, state));
    }
    const stmt = wasm.peekPtr(ppStmt);
    if (!stmt) throw new StatementFailure({ kind: 'refused', message: 'the query is empty' });
    let tail = wasm.peekPtr(pzTail);
    while (request.single && tail < end) {
      wasm.pokePtr(ppStmt, 0);
      const rc = capi.sqlite3_prepare_v3(db, tail, end - tail, 0, ppStmt, pzTail);
      const next = wasm.peekPtr(ppStmt);
      if (next) capi.sqlite3_finalize(next);
      if (rc !== 0 || next) {
        capi.sqlite3_finalize(stmt);
        const where = charOffset(sql, tail - text);
        throw new StatementFailure({
          kind: 'refused',
          message: `only one statement may run per call; remove what follows character ${where}`,
          offset: where,
        });
      }
      const after = wasm.peekPtr(pzTail);
      if (after <= tail) break;
      tail = after;
    }
    return stmt;
  } finally {
    wasm.dealloc(slots);
    wasm.dealloc(text);
  }
}

/** Binds positional parameters (`?`, `?1`); text and blobs are copied into memory SQLite frees. */
export function bind(sqlite3: Sqlite3, stmt: Pointer, params: readonly SqlParam[]): void {
  const { capi, wasm } = sqlite3;
  const DEALLOC = capi.SQLITE_WASM_DEALLOC!;
  const copy = (bytes: Uint8Array): Pointer =>
    wasm.allocFromTypedArray(bytes.byteLength ? bytes : new Uint8Array(1));
  params.forEach((value, i) => {
    const index = i + 1;
    if (value === null) capi.sqlite3_bind_null(stmt, index);
    else if (typeof value === 'bigint') capi.sqlite3_bind_int64(stmt, index, value);
    else if (typeof value === 'number') {
      if (Number.isSafeInteger(value)) capi.sqlite3_bind_int64(stmt, index, BigInt(value));
      else capi.sqlite3_bind_double(stmt, index, value);
    } else {
      const bytes = typeof value === 'string' ? new TextEncoder().encode(value) : value;
      const pointer = copy(bytes);
      if (typeof value === 'string')
        capi.sqlite3_bind_text(stmt, index, pointer, bytes.byteLength, DEALLOC);
      else capi.sqlite3_bind_blob(stmt, index, pointer, bytes.byteLength, DEALLOC);
    }
  });
}

/** Refuses a prepared `read` that would write, or that searches a table with a hidden column. */
function judgeRead(capi: Capi, stmt: Pointer, sql: string, state: AuthorizerState): void {
  if (!capi.sqlite3_stmt_readonly(stmt)) {
    throw new StatementFailure(refusedStatement(sql, 'a write'));
  }
  const searched = state.readable && tableValuedSearch(sql, state.readable.searchable);
  if (searched) {
    const { hidden } = state.readable!.searchable.get(searched)!;
    const message = searchRefusal(searched, hidden, 'a table-valued call');
    throw new StatementFailure({ kind: 'unreadable', message });
  }
}

/** The kept statement of a `keep` request, else a new one (kept when asked). */
function statementFor(
  sqlite3: Sqlite3,
  db: Pointer,
  request: QueryRequest,
  state: AuthorizerState,
  cache: StatementCache | undefined,
): { stmt: Pointer; kept: boolean } {
  const keep = cache && request.keep && request.policy === 'trusted';
  const hit = keep ? cache.take(request.sql) : undefined;
  if (hit !== undefined) return { stmt: hit, kept: true };
  const stmt = prepare(sqlite3, db, request, state);
  return keep ? { stmt: cache.keep(request.sql, stmt), kept: true } : { stmt, kept: false };
}

/**
 * Prepares (or takes from `cache`, for a `keep` request), checks and steps one statement under
 * `state`'s policy.
 */
export function runStatement(
  sqlite3: Sqlite3,
  db: Pointer,
  request: QueryRequest,
  state: AuthorizerState,
  cache?: StatementCache,
): RunOutcome {
  const { capi, wasm } = sqlite3;
  let stmt: Pointer = 0;
  let kept = false;
  try {
    state.preparing = true;
    ({ stmt, kept } = statementFor(sqlite3, db, request, state, cache));
    state.preparing = false;
    if (request.policy === 'read') judgeRead(capi, stmt, request.sql, state);
    if (request.params?.length) bind(sqlite3, stmt, request.params);
    const count = capi.sqlite3_column_count(stmt);
    const keep: number[] = [];
    const columns: string[] = [];
    const hidden: string[] = [];
    for (let i = 0; i < count; i++) {
      const name = capi.sqlite3_column_name(stmt, i);
      // A hidden column read straight from its table (`SELECT *`) reads as NULL: leave it out.
      if (state.ignored.has(name.toLowerCase())) {
        hidden.push(name);
        continue;
      }
      keep.push(i);
      columns.push(name);
    }
    const rows: SqlCell[][] = [];
    const cut = { n: 0 };
    let rowCount = 0;
    let countCapped = false;
    let bytes = 0;
    let bytesCapped = false;
    const maxBytes = request.maxBytes ?? Infinity;
    for (;;) {
      const rc = capi.sqlite3_step(stmt);
      if (rc === 101) break;
      if (rc !== 100) throw new StatementFailure(sqlFailure(capi, db, request.sql, state));
      if (rowCount >= request.countLimit) {
        countCapped = true;
        break;
      }
      bytes += rowBytes(capi, stmt, count);
      if (bytes > maxBytes) {
        countCapped = true;
        bytesCapped = true;
        break;
      }
      rowCount++;
      if (rows.length < request.maxRows) {
        rows.push(keep.map((i) => readCell(capi, wasm, stmt, i, request.maxCellChars, cut)));
      }
    }
    const changes = request.policy === 'trusted' ? capi.sqlite3_changes(db) : 0;
    const result: QueryResult = { columns, rows, rowCount, countCapped, cutCells: cut.n, changes };
    if (hidden.length) result.hidden = hidden;
    if (bytesCapped) result.bytesCapped = maxBytes;
    return { ok: true, result };
  } catch (error) {
    if (error instanceof StatementFailure) return { ok: false, failure: error.failure };
    throw error;
  } finally {
    state.preparing = false;
    if (stmt && kept) cache!.release(stmt);
    else if (stmt) capi.sqlite3_finalize(stmt);
  }
}
