/**
 * The SQLite worker thread: loads `@sqlite.org/sqlite-wasm` (ESM only, so through a real
 * `import()`), opens one database (from bytes, read-only when asked), and runs the statements
 * it is sent under the authorizer and a progress handler. The handler interrupts a statement
 * past its time or when the parent sets the shared stop flag to its id; the parent's last
 * resort is terminating the thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { authorize } from './authorize';
import type { AuthorizerState } from './authorize';
import { getHeapStatistics } from 'node:v8';
import type {
  BatchRequest,
  BatchResult,
  Failure,
  OpenRequest,
  QueryRequest,
  QueryResult,
  WorkerData,
  WorkerReply,
  WorkerRequest,
} from './protocol';
import { withContentTables } from './contentTables';
import { catalogRead, ensureReadable } from './ensureReadable';
import { runBatch } from './runBatch';
import { runStatement } from './runStatement';
import { StatementCache } from './StatementCache';
import type { Pointer, Sqlite3 } from './sqliteApi';
import { registerVectorFunctions } from './vectorFunctions';

/** `import()` that the CommonJS build keeps as is (TypeScript would turn it into `require`). */
const importEsm = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<{ default: (options: object) => Promise<Sqlite3> }>;

/**
 * Virtual-machine steps between two looks at the clock and the stop flag: few enough that rows
 * each computing a 5 MB value (tens of milliseconds a row) are stopped within the limit, not by
 * the parent's backstop (at 1,000 they were).
 */
const PROGRESS_STEPS = 100;
const SQLITE_LIMIT_LENGTH = 0;
const SQLITE_LIMIT_SQL_LENGTH = 1;
const SQLITE_LIMIT_ATTACHED = 7;
const OPEN_FLAGS = 0x2 | 0x4; // READWRITE | CREATE, of the in-memory database bytes go into
const DESERIALIZE_FREEONCLOSE = 1;
const DESERIALIZE_READONLY = 4;
const SQLITE_STATUS_MEMORY_USED = 0;

const { stop } = workerData as WorkerData;
const loading = importEsm('@sqlite.org/sqlite-wasm').then((module) =>
  module.default({ print: () => undefined, printErr: () => undefined }),
);

let db: Pointer = 0;
/** The statements `keep` requests left prepared; emptied before the database closes. */
let cache: StatementCache | undefined;
const state: AuthorizerState = {
  policy: 'trusted',
  pragmas: new Set(),
  hidden: new Map(),
  ignored: new Set(),
  preparing: false,
};
/** The running statement: its request id and deadline, and why the handler stopped it. */
let running: { id: number; deadline: number; stopped?: 'timeout' | 'aborted' } | undefined;

function onProgress(): number {
  if (!running) return 0;
  if (Atomics.load(stop, 0) === running.id) running.stopped = 'aborted';
  else if (performance.now() > running.deadline) running.stopped = 'timeout';
  return running.stopped ? 1 : 0;
}

function close(sqlite3: Sqlite3): void {
  cache?.clear();
  if (db) sqlite3.capi.sqlite3_close_v2(db);
  db = 0;
}

function open(sqlite3: Sqlite3, request: OpenRequest): WorkerReply {
  const { capi, wasm } = sqlite3;
  close(sqlite3);
  const slot = wasm.alloc(wasm.ptrSizeof);
  try {
    const rc = capi.sqlite3_open_v2(':memory:', slot, OPEN_FLAGS, null);
    db = wasm.peekPtr(slot);
    if (rc !== 0) throw new Error(`sqlite3_open_v2 failed (${rc})`);
  } finally {
    wasm.dealloc(slot);
  }
  if (request.bytes) {
    const data = wasm.allocFromTypedArray(request.bytes);
    const flags = DESERIALIZE_FREEONCLOSE | (request.readOnly ? DESERIALIZE_READONLY : 0);
    const size = request.bytes.byteLength;
    const rc = capi.sqlite3_deserialize(db, 'main', data, size, size, flags);
    if (rc !== 0) {
      return {
        id: request.id,
        ok: false,
        failure: { kind: 'sql', message: capi.sqlite3_errmsg(db) },
      };
    }
  }
  capi.sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0);
  if (request.maxValueBytes) capi.sqlite3_limit(db, SQLITE_LIMIT_LENGTH, request.maxValueBytes);
  if (request.maxSqlLength) capi.sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, request.maxSqlLength);
  // A column an external-content FTS5 table shares with its content table is hidden in both.
  const hidden = withContentTables(catalogRead(sqlite3, db, state), request.hidden ?? []);
  state.hidden = hiddenMap(hidden);
  state.readable = undefined;
  capi.sqlite3_set_authorizer(db, (_user, action, a, b) => authorize(state, action, a, b), 0);
  capi.sqlite3_progress_handler(db, PROGRESS_STEPS, onProgress, 0);
  if (request.vectorFunctions && registerVectorFunctions(sqlite3, db) !== 0) {
    return {
      id: request.id,
      ok: false,
      failure: { kind: 'internal', message: capi.sqlite3_errmsg(db) },
    };
  }
  if (request.readOnly) {
    const set = query(sqlite3, {
      type: 'query',
      id: request.id,
      sql: 'PRAGMA query_only = 1',
      policy: 'trusted',
      single: true,
      maxRows: 0,
      countLimit: 0,
      maxCellChars: 0,
      timeoutMs: 10_000,
    });
    if (!set.ok) return set;
  }
  return { id: request.id, ok: true, result: { version: capi.sqlite3_libversion(), hidden } };
}

function hiddenMap(hidden: NonNullable<OpenRequest['hidden']>): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (const { table, column } of hidden) {
    const key = table.toLowerCase();
    map.set(key, (map.get(key) ?? new Set()).add(column.toLowerCase()));
  }
  return map;
}

/** The failure of a request arriving while no database is open. */
const noDatabase = (id: number): WorkerReply => ({
  id,
  ok: false,
  failure: { kind: 'internal', message: 'no open database' },
});

/** Runs `work` under the request's deadline and stop flag; a stop wins over its outcome. */
function underDeadline(
  request: { id: number; timeoutMs: number },
  work: () => { ok: true; result: QueryResult | BatchResult } | { ok: false; failure: Failure },
): WorkerReply {
  running = { id: request.id, deadline: performance.now() + request.timeoutMs };
  try {
    if (Atomics.load(stop, 0) === request.id) running.stopped = 'aborted';
    const outcome = running.stopped ? undefined : work();
    const stopped = running.stopped;
    if (stopped) {
      const message =
        stopped === 'timeout'
          ? `the query ran longer than ${request.timeoutMs} ms and was stopped`
          : 'the call was cancelled; the query was stopped';
      return { id: request.id, ok: false, failure: { kind: stopped, message } };
    }
    return outcome!.ok
      ? { id: request.id, ok: true, result: outcome!.result }
      : { id: request.id, ok: false, failure: outcome!.failure };
  } finally {
    running = undefined;
  }
}

function query(sqlite3: Sqlite3, request: QueryRequest): WorkerReply {
  if (!db) return noDatabase(request.id);
  if (request.policy === 'read') ensureReadable(sqlite3, db, state);
  state.policy = request.policy;
  state.pragmas = new Set(request.pragmas ?? []);
  state.ignored = new Set();
  state.denied = undefined;
  state.refusal = undefined;
  try {
    cache ??= new StatementCache(sqlite3);
    return underDeadline(request, () => runStatement(sqlite3, db, request, state, cache));
  } finally {
    state.policy = 'trusted';
  }
}

function batch(sqlite3: Sqlite3, request: BatchRequest): WorkerReply {
  if (!db) return noDatabase(request.id);
  state.policy = 'trusted';
  return underDeadline(request, () => runBatch(sqlite3, db, request));
}

/**
 * The worker's memory: the wasm heap, SQLite's allocator, this thread's JavaScript heap (after
 * a collection when the process runs with `--expose-gc`, as the benchmarks do).
 */
function stats(sqlite3: Sqlite3, id: number): WorkerReply {
  const { capi, wasm } = sqlite3;
  (globalThis as { gc?: () => void }).gc?.();
  const slots = wasm.alloc(16);
  try {
    capi.sqlite3_status64(SQLITE_STATUS_MEMORY_USED, slots, slots + 8, 0);
    const result = {
      wasmHeapBytes: wasm.heap8u().byteLength,
      sqliteMemoryUsed: Number(wasm.peek(slots, 'i64')),
      workerHeapUsed: getHeapStatistics().used_heap_size,
    };
    return { id, ok: true, result };
  } finally {
    wasm.dealloc(slots);
  }
}

function handle(sqlite3: Sqlite3, request: WorkerRequest): WorkerReply {
  switch (request.type) {
    case 'open':
      return open(sqlite3, request);
    case 'query':
      return query(sqlite3, request);
    case 'batch':
      return batch(sqlite3, request);
    case 'stats':
      return stats(sqlite3, request.id);
    case 'serialize':
      if (!db) return noDatabase(request.id);
      return { id: request.id, ok: true, result: { bytes: sqlite3.capi.sqlite3_js_db_export(db) } };
    case 'close':
      close(sqlite3);
      return { id: request.id, ok: true, result: null };
  }
}

parentPort?.on('message', (request: WorkerRequest) => {
  void loading.then(
    (sqlite3) => {
      let reply: WorkerReply;
      try {
        reply = handle(sqlite3, request);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        reply = { id: request.id, ok: false, failure: { kind: 'internal', message } };
      }
      parentPort?.postMessage(reply);
    },
    (error: unknown) => {
      const message = `could not load @sqlite.org/sqlite-wasm: ${(error as Error)?.message}`;
      parentPort?.postMessage({
        id: request.id,
        ok: false,
        failure: { kind: 'internal', message },
      });
    },
  );
});
