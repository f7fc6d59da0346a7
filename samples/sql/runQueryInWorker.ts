/**
 * Runs `run_query`'s statement in a worker thread (`queryWorker.js`) on a snapshot of the
 * database, and stops it when it runs too long or the call is aborted: SQLite as compiled
 * into sql.js has no progress handler, so terminating the thread is the only bound on a
 * runaway query.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** What the worker answers. */
export type QueryResult =
  | { ok: true; columns: string[]; rows: string[][]; total: number; more: boolean }
  | { ok: false; refusal?: string; sqliteError?: string };

/** Limits of one query. */
export interface QueryLimits {
  maxRows: number;
  countLimit: number;
  maxCell: number;
  timeoutMs: number;
}

/** Runs `query` on a copy of `bytes`; rejects with a timeout error, or when `signal` fires. */
export function runQueryInWorker(
  bytes: Uint8Array,
  query: string,
  limits: QueryLimits,
  signal: AbortSignal,
): Promise<QueryResult> {
  const { timeoutMs, ...workerLimits } = limits;
  const worker = new Worker(join(__dirname, 'queryWorker.js'), {
    workerData: { bytes, query, ...workerLimits },
  });
  return new Promise<QueryResult>((resolve, reject) => {
    const stop = (error: Error) => {
      void worker.terminate();
      reject(error);
    };
    const timer = setTimeout(
      () => stop(new QueryTimeout(`the query ran longer than ${timeoutMs} ms and was stopped`)),
      timeoutMs,
    );
    const onAbort = () => stop(new QueryTimeout('the call was aborted; the query was stopped'));
    signal.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    worker.once('message', (result: QueryResult) => {
      done();
      void worker.terminate();
      resolve(result);
    });
    worker.once('error', (error) => {
      done();
      reject(error);
    });
  });
}

/** The query was stopped before it finished. */
export class QueryTimeout extends Error {
  override readonly name = 'QueryTimeout';
}
