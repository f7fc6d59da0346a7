/**
 * The parent side of the SQLite worker thread: one request at a time, answered by id. A
 * statement is stopped by the worker's progress handler (its time limit, or the caller's
 * signal through the shared stop flag); should the worker not answer within a grace period
 * after that, the thread is terminated and started again on the next request, reopening the
 * database it had open. A database written since it was opened (a search index being built)
 * lived only in that thread: the worker then refuses every request until it is opened again,
 * rather than answering from the older bytes as if nothing was lost.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { SqliteWorkerError } from './SqliteWorkerError';
import type {
  BatchRequest,
  BatchResult,
  Failure,
  OpenRequest,
  OpenResult,
  QueryRequest,
  QueryResult,
  SerializeResult,
  StatsResult,
  WorkerData,
  WorkerReply,
  WorkerRequest,
} from './protocol';

/** The refusal after a restart that lost the writes made since the database was opened. */
function lostWrites(): SqliteWorkerError {
  return new SqliteWorkerError(
    'the SQLite worker was restarted after a statement it could not stop, and the rows written ' +
      'since the database was opened were lost with it: open or load the database again',
  );
}

/** Milliseconds past a statement's own limit before the thread is terminated. */
const HARD_STOP_GRACE_MS = 2_000;

/** A request without its id (the client numbers them). */
type Unnumbered<T> = T extends unknown ? Omit<T, 'id' | 'type'> : never;

/** A request as the client sends it, before it is numbered. */
type Outgoing =
  | (Unnumbered<OpenRequest> & { type: 'open' })
  | (Unnumbered<QueryRequest> & { type: 'query' })
  | (Unnumbered<BatchRequest> & { type: 'batch' })
  | { type: 'serialize' }
  | { type: 'stats' };

/** What a request answers: its result, or the worker's `Failure`. */
export type WorkerAnswer<T> = { ok: true; result: T } | { ok: false; failure: Failure };

/**
 * The worker's compiled file, or (from the sources, in this repository's tests) a loader that
 * runs its TypeScript through tsx, a development dependency.
 */
function workerSource(): { source: string; eval: boolean } {
  const compiled = join(__dirname, 'workerMain.js');
  if (existsSync(compiled)) return { source: compiled, eval: false };
  const file = JSON.stringify(join(__dirname, 'workerMain.ts'));
  return { source: `require('tsx/cjs');require(${file});`, eval: true };
}

/**
 * A SQLite database in a worker thread.
 * @example
 * const worker = await SqliteWorker.start();
 * await worker.open({ bytes, readOnly: true });
 * const rows = await worker.query({ sql: 'SELECT 1', policy: 'read', single: true, ... });
 */
export class SqliteWorker {
  private worker: Worker | undefined;
  private readonly stop = new Int32Array(new SharedArrayBuffer(4));
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private lastOpen: Unnumbered<OpenRequest> | undefined;
  private closed = false;
  /** Rows were written since the last `open` (so a restarted thread would lose them). */
  private written = false;

  private constructor() {}

  /** Starts the thread and loads SQLite; resolves with the worker and its start-up time. */
  static async start(): Promise<SqliteWorker> {
    const worker = new SqliteWorker();
    const started = performance.now();
    await worker.open({ readOnly: false });
    worker.startupMs = performance.now() - started;
    return worker;
  }

  /** Milliseconds the last thread took to start and load SQLite. */
  startupMs = 0;

  /** Opens a database in the worker (replacing any open one). */
  async open(request: Unnumbered<OpenRequest>): Promise<OpenResult> {
    this.lastOpen = request;
    this.written = false;
    const answer = await this.send<OpenResult>({ ...request, type: 'open' }, 30_000);
    if (!answer.ok)
      throw new SqliteWorkerError(`SQLite could not open the database: ${answer.failure.message}`);
    return answer.result;
  }

  /** Runs one statement; never rejects for SQL's sake (the answer says), only if the worker dies. */
  async query(
    request: Unnumbered<QueryRequest>,
    signal?: AbortSignal,
  ): Promise<WorkerAnswer<QueryResult>> {
    const answer = await this.send<QueryResult>(
      { ...request, type: 'query' },
      request.timeoutMs,
      signal,
    );
    if (answer.ok && answer.result.changes > 0) this.written = true;
    return answer;
  }

  /**
   * Runs the caller's own statements over many rows in one transaction (indexing); never rejects
   * for SQL's sake (the answer says), only if the worker dies.
   */
  async batch(
    request: Unnumbered<BatchRequest>,
    signal?: AbortSignal,
  ): Promise<WorkerAnswer<BatchResult>> {
    const answer = await this.send<BatchResult>(
      { ...request, type: 'batch' },
      request.timeoutMs,
      signal,
    );
    if (answer.ok && answer.result.changes > 0) this.written = true;
    return answer;
  }

  /** The worker's memory (wasm heap, SQLite's allocator, the thread's JavaScript heap). */
  async stats(): Promise<StatsResult> {
    const answer = await this.send<StatsResult>({ type: 'stats' }, 30_000);
    if (!answer.ok)
      throw new SqliteWorkerError(`SQLite could not report its memory: ${answer.failure.message}`);
    return answer.result;
  }

  /** The open database's bytes. */
  async serialize(): Promise<Uint8Array> {
    const answer = await this.send<SerializeResult>({ type: 'serialize' }, 30_000);
    if (!answer.ok)
      throw new SqliteWorkerError(
        `SQLite could not serialise the database: ${answer.failure.message}`,
      );
    return answer.result.bytes;
  }

  /** Stops the thread. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private spawn(): Worker {
    const { source, eval: isCode } = workerSource();
    const data: WorkerData = { stop: this.stop };
    const worker = new Worker(source, { workerData: data, eval: isCode });
    worker.unref();
    return worker;
  }

  /** Sends requests one after another (the worker runs one statement at a time anyway). */
  private send<T>(
    request: Outgoing,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<WorkerAnswer<T>> {
    const run = this.queue.then(() => this.exchange<T>(request, timeoutMs, signal));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async exchange<T>(
    request: Outgoing,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<WorkerAnswer<T>> {
    if (this.closed) throw new SqliteWorkerError('the SQLite worker is closed');
    if (signal?.aborted) {
      return { ok: false, failure: { kind: 'aborted', message: 'the call was cancelled' } };
    }
    if (!this.worker) {
      if (this.written && request.type !== 'open') throw lostWrites();
      const started = performance.now();
      this.worker = this.spawn();
      if (this.lastOpen && request.type !== 'open') {
        const reopened = await this.post<OpenResult>(
          this.worker,
          { ...this.lastOpen, type: 'open', id: this.nextId++ },
          30_000,
        );
        if (!reopened.ok)
          throw new SqliteWorkerError(`SQLite could not reopen: ${reopened.failure.message}`);
      }
      this.startupMs = performance.now() - started;
    }
    return this.post<T>(this.worker, { ...request, id: this.nextId++ }, timeoutMs, signal);
  }

  private post<T>(
    worker: Worker,
    request: WorkerRequest,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<WorkerAnswer<T>> {
    return new Promise((resolve, reject) => {
      const onAbort = (): void => void Atomics.store(this.stop, 0, request.id);
      const hardStop = setTimeout(() => {
        // The progress handler did not stop it (a single step that long): end the thread.
        cleanup();
        this.worker = undefined;
        void worker.terminate();
        const message = signal?.aborted
          ? 'the call was cancelled; the query was stopped'
          : `the query ran longer than ${timeoutMs} ms and was stopped`;
        resolve({ ok: false, failure: { kind: signal?.aborted ? 'aborted' : 'timeout', message } });
      }, timeoutMs + HARD_STOP_GRACE_MS);
      const onMessage = (reply: WorkerReply): void => {
        if (reply.id !== request.id) return;
        cleanup();
        resolve(
          reply.ok
            ? { ok: true, result: reply.result as T }
            : { ok: false, failure: reply.failure },
        );
      };
      const onError = (error: Error): void => {
        cleanup();
        this.worker = undefined;
        reject(new SqliteWorkerError(`the SQLite worker failed: ${error.message}`));
      };
      const onExit = (): void => onError(new Error('it exited'));
      const cleanup = (): void => {
        clearTimeout(hardStop);
        signal?.removeEventListener('abort', onAbort);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.ref();
      worker.postMessage(request);
    }).finally(() => worker.unref()) as Promise<WorkerAnswer<T>>;
  }
}
