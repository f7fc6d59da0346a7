/**
 * The public vocabulary of `toolwright/jobs`: where the queue lives, how jobs retry, how a
 * worker runs them, and what a job carries and answers. The queue is BullMQ's; these options
 * name only what toolwright decides, and pass the rest to BullMQ as it names it.
 */
import type { RedisOptions } from 'ioredis';
import type { Logger } from '../registry/types';
import type { ToolCaller } from '../calls/ToolCaller';

/** Redis, for the queue and toolwright's own keys: a URL (`redis://host:6379`) or ioredis options. */
export type JobConnection = string | RedisOptions;

/** Where the queue lives; shared by `ToolJobs` and `startToolWorker`, which must agree. */
export interface JobQueueOptions {
  /** The Redis the queue lives in: a URL or ioredis options. */
  connection: JobConnection;
  /** The BullMQ queue of tool jobs (default `toolwright-tools`). */
  queueName?: string;
  /** The BullMQ key prefix (default `toolwright`). */
  prefix?: string;
  /** Where warnings go; the library never prints. */
  logger?: Logger;
}

/** Options of `new ToolJobs()`: the queue, and how its jobs retry and how long they are kept. */
export interface ToolJobsOptions extends JobQueueOptions {
  /**
   * Attempts per job (default 3): a method that throws anything but a `ToolError` is tried
   * again after `backoff`; the last attempt's error is the call's outcome.
   */
  attempts?: number;
  /** Wait before another attempt (default exponential from 1000 ms). */
  backoff?: { type: 'fixed' | 'exponential'; delay: number };
  /**
   * How long a finished job (its outcome, and its idempotency key: a call with the same key
   * gets this outcome without running again) is kept, in seconds (default 86 400: a day).
   */
  keepFinishedSeconds?: number;
  /**
   * How long an operation (an enqueue, a status read, a cancel) waits for Redis while it cannot
   * be reached, then fails with `RedisUnreachableError`, naming the address and the last
   * connection error (default 10 000 ms, ioredis's own `connectTimeout`). `run()` answers it as
   * an `isError` outcome, or "timed out" when the call's time limit comes first. An operation
   * that started while Redis was up waits for it to come back, as BullMQ does.
   */
  offlineTimeoutMs?: number;
}

/** Options of `startToolWorker()`: the queue, and how the worker holds its jobs. */
export interface ToolWorkerOptions extends JobQueueOptions {
  /** Jobs run at once by this worker (default 4). */
  concurrency?: number;
  /**
   * How long a job's lock lasts without renewal (default 30 000 ms). A worker that dies holds
   * its jobs this long; then another worker's stalled check takes them back.
   */
  lockDurationMs?: number;
  /** How often the worker looks for stalled jobs (default 30 000 ms). */
  stalledIntervalMs?: number;
  /** Times a job may be taken back from a dead worker before it fails (default 2). */
  maxStalledCount?: number;
  /**
   * How long `startToolWorker()` waits for Redis (default 10 000 ms, ioredis's own
   * `connectTimeout`): when it cannot be reached by then, it closes what it opened and rejects
   * with `RedisUnreachableError`, naming the address (never the password) and the last
   * connection error, so a wrong URL or a Redis down at deploy fails the start instead of
   * hanging it. Connection errors meanwhile go to `logger.warn`. Once started, the worker
   * waits for Redis to come back, as BullMQ does.
   */
  startTimeoutMs?: number;
}

/** What a tool job carries: the validated call, its keys, and the caller's trace context. */
export interface ToolJobData {
  /** The tool's name. */
  tool: string;
  /** The input the registry validated, as JSON. */
  input: Record<string, unknown>;
  /** The id of the model's `tool_use` block the job answers (`ctx.toolUseId`). */
  toolUseId: string;
  /** `ctx.idempotencyKey` on every attempt: the caller's key, or the call id. */
  idempotencyKey: string;
  /** SHA-256 of the validated input's canonical JSON: a call joining the job must match it. */
  inputDigest?: string;
  /** The JSON form of the caller's `state` (dropped, with a warning, when it is not JSON). */
  state?: unknown;
  /** The caller's span as `{ traceparent }` (W3C), for a link from the worker's span. */
  trace?: Record<string, string>;
  /** Who called (`ctx.caller` on the worker), as JSON (`jobCaller`). */
  caller?: ToolCaller;
  /**
   * The call's time limit in ms (its `timeoutMs`, else the tool's own): it bounds each run in
   * the worker as it bounds a run in process; without it, the worker's tool's own `timeoutMs`.
   */
  timeoutMs?: number;
}

export type { ToolJobResult, ToolJobStatus } from '../calls/ToolJobDispatcher';
