/**
 * The consumer side of durable tool jobs: a BullMQ worker that runs each job through the
 * registry in this process (`callHere`: validated again, the method given `ctx.progress`,
 * `ctx.signal` and the call's idempotency key, each run bounded by the call's time limit, else
 * the tool's own `timeoutMs`, as in process). A crash (anything but a `ToolError`) is retried
 * with the queue's backoff until the last attempt, whose error is the outcome; a cancellation
 * published by any instance aborts the running call and the job fails without a retry.
 */
import { UnrecoverableError, Worker } from 'bullmq';
import type { Job } from 'bullmq';
import type Redis from 'ioredis';
import type { CallOptions } from '../calls/ToolCallContext';
import type { ToolOutcome } from '../calls/ToolOutcome';
import { cancelChannelOf, cancelFlagOf } from './redisKeys';
import { queueOf } from './queueNames';
import { bullConnectionOf, closeClient, redisClientOf } from './redisClient';
import { closeWithin } from './closeWithin';
import { redisAddress } from './redisAddress';
import { StartWatch } from './StartWatch';
import { startJobSpan } from './workerSpan';
import type { ToolJobData, ToolJobResult, ToolWorkerOptions } from './types';
import { ToolwrightError } from '../errors/ToolwrightError';

/** What the worker needs of a registry: `ToolRegistry` has it. */
export interface JobRegistry {
  /** The registered tool of that name, or undefined. */
  get(name: string): unknown;
  /** Runs the call in this process (not as a job again): what the worker does with each job. */
  callHere(name: string, input: unknown, options?: CallOptions): Promise<ToolOutcome>;
}

/** A started worker. */
export interface RunningToolWorker {
  /**
   * The BullMQ worker. Internal (left out of the published declarations): a public BullMQ type
   * here would make toolwright's semver follow BullMQ's.
   * @internal
   */
  readonly worker: Worker<ToolJobData, ToolJobResult>;
  /** Stops taking jobs, waits for the running ones, closes the connections. */
  close(): Promise<void>;
}

/** Runs one job; rejects to have BullMQ retry it, or with `UnrecoverableError` to fail it. */
async function runJob(
  registry: JobRegistry,
  redis: Redis,
  options: ToolWorkerOptions,
  job: Job<ToolJobData, ToolJobResult>,
  signal: AbortSignal | undefined,
): Promise<ToolJobResult> {
  const data = job.data;
  const flag = await redis.get(cancelFlagOf(options, job.id ?? ''));
  if (flag !== null) throw new UnrecoverableError(`cancelled: ${flag}`);
  // A worker of another version, without this tool: the job is left to be retried (by a worker
  // that has it) rather than answered "unknown tool" for good.
  if (registry.get(data.tool) === undefined)
    throw new ToolwrightError(
      `this worker has no tool ${JSON.stringify(data.tool)}; is it up to date?`,
    );
  const span = startJobSpan(data, job);
  try {
    const outcome = await span.within(() =>
      registry.callHere(data.tool, data.input, {
        toolUseId: data.toolUseId,
        idempotencyKey: data.idempotencyKey,
        state: data.state,
        ...(data.caller ? { caller: data.caller } : {}),
        ...(data.timeoutMs !== undefined ? { timeoutMs: data.timeoutMs } : {}),
        ...(signal ? { signal } : {}),
        onProgress: (report) => void job.updateProgress(report).catch(() => undefined),
        returnValue: true,
      }),
    );
    if (signal?.aborted) {
      span.end('cancelled');
      throw new UnrecoverableError(`cancelled: ${String(signal.reason ?? 'cancelled')}`);
    }
    span.end(outcome.isError ? 'error' : 'ok');
    const result: ToolJobResult = { content: outcome.content, isError: outcome.isError };
    // A string result is kept apart from its text, so MCP does not read "42" as a number.
    if (!outcome.isError && typeof outcome.value === 'string') result.value = outcome.value;
    return result;
  } catch (error) {
    if (error instanceof UnrecoverableError) throw error;
    span.end('crashed');
    const attempts = job.opts.attempts ?? 1;
    if (job.attemptsMade + 1 >= attempts)
      return { content: (error as Error).message ?? String(error), isError: true };
    throw error;
  }
}

/**
 * Starts a worker for the registry's long-running tools. Every instance that registered the
 * same services may run one; in Nest, `ToolwrightModule.forRoot({ jobs: { worker } })` does.
 * @example
 * const worker = await startToolWorker(registry, { connection: process.env.REDIS_URL! });
 * process.on('SIGTERM', () => void worker.close());
 * Rejects with `RedisUnreachableError` when Redis cannot be reached within `startTimeoutMs`.
 */
export async function startToolWorker(
  registry: JobRegistry,
  options: ToolWorkerOptions,
): Promise<RunningToolWorker> {
  const { name, prefix } = queueOf(options);
  const redis = redisClientOf(options.connection);
  const subscriber = redisClientOf(options.connection);
  const logger = options.logger;
  const start = new StartWatch(
    redisAddress(redis),
    logger && ((message) => logger.warn(`toolwright/jobs worker: ${message}`)),
  );
  for (const client of [redis, subscriber]) client.on('error', start.note);
  const worker = new Worker<ToolJobData, ToolJobResult>(
    name,
    (job, _token, signal) => runJob(registry, redis, options, job, signal),
    {
      connection: bullConnectionOf(options.connection),
      prefix,
      concurrency: options.concurrency ?? 4,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      maxStalledCount: options.maxStalledCount ?? 2,
    },
  );
  worker.on('error', (error) => {
    if (start.waiting) start.note(error);
    else logger?.warn(`toolwright/jobs worker: ${error.message}`);
  });
  subscriber.on('message', (_channel: string, jobId: string) => {
    worker.cancelJob(jobId, 'cancelled');
  });
  try {
    const started = Promise.all([
      subscriber.subscribe(cancelChannelOf(options)),
      worker.waitUntilReady(),
    ]);
    await start.within(started, options.startTimeoutMs ?? 10_000);
  } catch (error) {
    // Nothing is left retrying: the clients stop reconnecting, the worker is dropped.
    subscriber.disconnect();
    redis.disconnect();
    await closeWithin({ close: () => worker.close(true), disconnect: () => worker.disconnect() });
    throw error;
  }
  return {
    worker,
    close: async () => {
      await worker.close();
      subscriber.disconnect();
      await closeClient(redis);
    },
  };
}
