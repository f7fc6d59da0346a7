/**
 * The producer side of durable tool jobs: the registry's `jobs` dispatcher. A validated call of
 * a long-running tool becomes a BullMQ job whose id comes from the tool and the call's
 * idempotency key (the same call made again joins its job, so nothing runs twice; a key reused
 * by another call is refused); the caller waits for it, with progress, and its abort or time
 * limit cancels the job wherever it runs.
 * Stays one file past ~300 lines (issue 35): each member is one verb of the queue, and the work
 * behind them already has its own modules (`JobWaiters`, `DeferredRuns`, `TaskRecords`); what
 * is left here is the class that holds their connections and their doc comments.
 */
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { abortedText, quoteName, timedOutText } from '../calls/modelText';
import type { CallOptions, ToolProgress } from '../calls/ToolCallContext';
import type { JobTaskRecord, TaskOwner, ToolJobRequest } from '../calls/ToolJobDispatcher';
import type { ToolOutcome } from '../calls/ToolOutcome';
import { finalOutcome } from '../calls/jobOutcome';
import { claimKey, checkJoined } from './claimCall';
import { closeWithin } from './closeWithin';
import { DeferredRuns } from './DeferredRuns';
import { IdempotencyKeyReusedError } from './IdempotencyKeyReusedError';
import { inputDigest } from './inputDigest';
import { JobWaiters } from './JobWaiters';
import { CANCEL_FLAG_SECONDS, cancelChannelOf, cancelFlagOf } from './redisKeys';
import { jobIdOf } from './jobIdOf';
import { queueOf } from './queueNames';
import { processWarnings } from './processWarnings';
import { RedisGate } from './RedisGate';
import { redisAddress } from './redisAddress';
import { refusesConnection } from './redisRefusal';
import { readJobStatus } from './readJobStatus';
import { TaskRecords } from './TaskRecords';
import { bullConnectionOf, closeClient, redisClientOf } from './redisClient';
import { traceCarrier } from './traceCarrier';
import { jobCaller } from './jobCaller';
import type { ToolJobData, ToolJobResult, ToolJobStatus, ToolJobsOptions } from './types';

/** What `enqueue()` takes besides the call options: a job id of the caller's (an MCP task id). */
export interface EnqueueOptions extends CallOptions {
  /** The job's id (default: `jobIdOf(tool, idempotencyKey)`); a call under an existing id joins that job. */
  jobId?: string;
}

/** The ids of a call: its tool_use id, its idempotency key (the caller's, else the id), its job. */
function idsOf(
  tool: string,
  options: EnqueueOptions,
): {
  toolUseId: string;
  idempotencyKey: string;
  jobId: string;
} {
  const toolUseId = options.toolUseId ?? `call_${randomUUID()}`;
  const idempotencyKey = options.idempotencyKey ?? options.jobId ?? toolUseId;
  return { toolUseId, idempotencyKey, jobId: options.jobId ?? jobIdOf(tool, idempotencyKey) };
}

/**
 * Runs long-running tools as BullMQ jobs. Give it to the registry; run `startToolWorker()` in
 * every process that should execute them (the API process too, or only workers).
 * @example
 * const jobs = new ToolJobs({ connection: process.env.REDIS_URL! });
 * const registry = new ToolRegistry({ manifest, jobs }).register(new ExportService());
 */
export class ToolJobs {
  private readonly queue: Queue<ToolJobData, ToolJobResult>;
  private readonly redis: Redis;
  private readonly waiters: JobWaiters;
  private warnedState = false;
  private closing?: Promise<void>;
  /** Whether Redis is unreachable and this outage was reported. */
  private unreachable = false;
  private readonly runs: DeferredRuns;
  private readonly tasks: TaskRecords;
  /** Bounds each operation's wait for an unreachable Redis (`offlineTimeoutMs`). */
  private readonly gate: RedisGate;

  constructor(private readonly options: ToolJobsOptions) {
    const { name, prefix } = queueOf(options);
    const connection = bullConnectionOf(options.connection);
    this.queue = new Queue<ToolJobData, ToolJobResult>(name, { connection, prefix });
    this.redis = redisClientOf(options.connection);
    this.queue.on('error', (error) => this.failed(error));
    this.redis.on('error', (error: Error) => this.failed(error));
    this.redis.on('ready', () => void (this.unreachable = false));
    this.gate = new RedisGate(this.redis, this.offlineTimeoutMs());
    this.waiters = new JobWaiters(name, options.connection, prefix);
    this.tasks = new TaskRecords(this.redis, options, this.keepFinishedSeconds());
    this.runs = new DeferredRuns({
      redis: this.redis,
      options,
      waiters: this.waiters,
      keepFinishedSeconds: this.keepFinishedSeconds(),
      status: (jobId) => this.status(jobId),
      warn: (message) => this.warn(message),
    });
  }

  /** Enqueues the call and waits for its outcome (see `ToolJobDispatcher.run`). Never throws. */
  async run(request: ToolJobRequest, options: CallOptions = {}): Promise<ToolOutcome> {
    if (options.signal?.aborted) return { content: abortedText(request.tool), isError: true };
    try {
      const ids = idsOf(request.tool, options);
      // Listening before the job exists: its first progress report is not missed. The time
      // limit and the signal hold from now on, so a call is bounded even while Redis is down.
      const adding = this.listen().then(() => this.enqueue(request, { ...options, ...ids }));
      return await this.watch(ids.jobId, request.tool, options, adding);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.warn(`could not run ${quoteName(request.tool)} as a job: ${message}`);
      if (error instanceof IdempotencyKeyReusedError)
        return {
          content: `Tool ${quoteName(request.tool)} was not run: ${message}`,
          isError: true,
        };
      return { content: `Tool ${quoteName(request.tool)} could not be queued`, isError: true };
    }
  }

  /**
   * Adds the job of a validated call and returns its id; the same call made again (the same
   * tool, idempotency key and input) joins its job, and a key that belongs to another call
   * throws `IdempotencyKeyReusedError`. Validate first: the worker trusts nothing but
   * validates again, so input the registry rejects fails there, not earlier.
   */
  async enqueue(request: ToolJobRequest, options: EnqueueOptions = {}): Promise<string> {
    const { toolUseId, idempotencyKey, jobId } = idsOf(request.tool, options);
    await this.gate.reachable();
    const digest = inputDigest(request.input);
    const call = { idempotencyKey, tool: request.tool, digest, owner: options.caller?.id ?? '' };
    await claimKey(this.redis, this.options, call, this.keepFinishedSeconds());
    const data: ToolJobData = {
      tool: request.tool,
      input: request.input,
      toolUseId,
      idempotencyKey,
      inputDigest: digest,
    };
    const state = this.jsonState(options.state);
    if (state !== undefined) data.state = state;
    const trace = traceCarrier();
    if (trace) data.trace = trace;
    if (options.caller) data.caller = jobCaller(options.caller);
    // The call's own limit bounds each run in the worker, as it bounds a run in process.
    if (options.timeoutMs !== undefined && options.timeoutMs > 0)
      data.timeoutMs = options.timeoutMs;
    const keep = { age: this.keepFinishedSeconds() };
    await this.queue.add(request.tool, data, {
      jobId,
      attempts: this.options.attempts ?? 3,
      backoff: this.options.backoff ?? { type: 'exponential', delay: 1000 },
      removeOnComplete: keep,
      removeOnFail: keep,
    });
    await checkJoined(this.queue, jobId, call);
    return jobId;
  }

  /**
   * Waits for a job: its outcome once finished, progress meanwhile; the signal or `timeoutMs`
   * cancel the job and answer at once. Rejects only when Redis cannot be read.
   */
  wait(jobId: string, tool: string, options: CallOptions = {}): Promise<ToolOutcome> {
    return this.watch(jobId, tool, options, this.listen());
  }

  /** Listens to the queue's events, once Redis is reachable (within `offlineTimeoutMs`). */
  private async listen(): Promise<void> {
    await this.gate.reachable();
    await this.waiters.listen();
  }

  /**
   * Waits for a job from now on; its status is first read once `added` settles, and nothing of
   * the job reaches the caller before (a refused call never sees the job of the key's owner). A
   * call given up (signal, time limit) before its job was added cancels the job once it is.
   */
  private watch(
    jobId: string,
    tool: string,
    options: CallOptions,
    added: Promise<unknown>,
  ): Promise<ToolOutcome> {
    return new Promise<ToolOutcome>((resolve, reject) => {
      let settled = false;
      let joined = false;
      const early: ToolProgress[] = [];
      let timer: NodeJS.Timeout | undefined;
      const settle = (outcome: ToolOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        remove();
        options.signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const check = () =>
        this.status(jobId).then((status) => {
          const outcome = finalOutcome(tool, status);
          if (!outcome) return;
          if (!options.returnValue) delete outcome.value;
          settle(outcome);
        }, reject);
      const onProgress = options.onProgress;
      const remove = this.waiters.add(jobId, {
        finished: () => {
          if (joined) void check();
        },
        progress: onProgress && ((report) => (joined ? onProgress(report) : early.push(report))),
      });
      const onAbort = () => {
        void added.then(() => this.cancel(jobId, 'the caller aborted')).catch(() => undefined);
        settle({ content: abortedText(tool), isError: true });
      };
      if (options.signal?.aborted) return onAbort();
      options.signal?.addEventListener('abort', onAbort, { once: true });
      if (options.timeoutMs !== undefined && options.timeoutMs > 0) {
        const ms = options.timeoutMs;
        timer = setTimeout(() => {
          void added
            .then(() => this.cancel(jobId, `timed out after ${ms} ms`))
            .catch(() => undefined);
          settle({ content: timedOutText(tool, ms), isError: true });
        }, ms);
      }
      added.then(
        () => {
          joined = true;
          if (!settled) for (const report of early.splice(0)) onProgress?.(report);
          void check();
        },
        (error: unknown) => {
          remove();
          reject(error as Error);
        },
      );
    });
  }

  /** Where the job is: queued, running, completed (with its outcome), failed or cancelled. */
  async status(jobId: string): Promise<ToolJobStatus> {
    await this.gate.reachable();
    return readJobStatus(this.queue, this.redis, this.options, jobId);
  }

  /**
   * Cancels a job: a queued one is removed, a running one's `ctx.signal` fires in whatever
   * worker runs it, and none runs it later. False when it had already finished or never existed.
   */
  async cancel(jobId: string, reason = 'cancelled'): Promise<boolean> {
    await this.gate.reachable();
    const state = await this.queue.getJobState(jobId);
    if (state === 'unknown' || state === 'completed' || state === 'failed') return false;
    await this.redis.set(cancelFlagOf(this.options, jobId), reason, 'EX', CANCEL_FLAG_SECONDS);
    if (state !== 'active') await this.queue.remove(jobId).catch(() => undefined);
    await this.redis.publish(cancelChannelOf(this.options), jobId);
    return true;
  }

  /**
   * Notes that a paused run waits for these jobs; announces it at once if they all finished.
   * @internal the agent's plumbing (`TaskJobDispatcher`), not published
   */
  async awaitRun(runId: string, jobIds: readonly string[]): Promise<void> {
    await this.gate.reachable();
    return this.runs.awaitRun(runId, jobIds);
  }

  /**
   * Calls `listener` with each paused run (`longRunning: 'defer'`) whose jobs have all
   * finished, in one listening instance only (the first to claim the run): on BullMQ's events
   * of the jobs, and for runs noted after their jobs finished. Returns what stops listening.
   * `resumeDeferredRuns(agent, jobs)` resumes them. `onListening` is called once it listens.
   * @internal `resumeDeferredRuns` is the published way to listen
   */
  onRunReady(listener: (runId: string) => void, onListening?: () => void): () => void {
    return this.runs.onRunReady(listener, onListening);
  }

  /**
   * Keeps the record of an MCP task until its TTL (or as long as finished jobs are kept).
   * @internal the MCP layer's plumbing (`TaskJobDispatcher`), not published
   */
  async recordTask(taskId: string, record: JobTaskRecord): Promise<void> {
    await this.gate.reachable();
    return this.tasks.record(taskId, record);
  }

  /**
   * The record of a task, or undefined once it expired (or never was).
   * @internal the MCP layer's plumbing (`TaskJobDispatcher`), not published
   */
  async readTask(taskId: string): Promise<JobTaskRecord | undefined> {
    await this.gate.reachable();
    return this.tasks.read(taskId);
  }

  /**
   * Task ids of an owner (caller, session), newest first; expired ones are dropped on the way.
   * @internal the MCP layer's plumbing (`TaskJobDispatcher`), not published
   */
  async listTasks(
    owner: TaskOwner,
    offset: number,
    limit: number,
  ): Promise<{ ids: string[]; next?: number }> {
    await this.gate.reachable();
    return this.tasks.list(owner, offset, limit);
  }

  /**
   * Closes the queue's connections (jobs go on in the workers); within a few seconds even while
   * Redis is unreachable. Once: a second call waits for the first (the Nest module closes the
   * queue it was given, and an application may too).
   */
  close(): Promise<void> {
    this.closing ??= this.closeAll();
    return this.closing;
  }

  private async closeAll(): Promise<void> {
    this.gate.close();
    this.runs.close();
    await Promise.all([this.waiters.close(), closeWithin(this.queue)]);
    await closeClient(this.redis);
  }

  /** The caller's state as JSON, or undefined (with one warning) when it is not JSON. */
  private jsonState(state: unknown): unknown {
    if (state === undefined) return undefined;
    try {
      return JSON.parse(JSON.stringify(state)) as unknown;
    } catch {
      if (!this.warnedState) this.warn('a call state that is not JSON is not passed to jobs');
      this.warnedState = true;
      return undefined;
    }
  }

  private offlineTimeoutMs(): number {
    return this.options.offlineTimeoutMs ?? 10_000;
  }

  private keepFinishedSeconds(): number {
    return this.options.keepFinishedSeconds ?? 86_400;
  }

  private warn(message: string): void {
    (this.options.logger ?? processWarnings).warn(`toolwright/jobs: ${message}`);
  }

  /** An error of the queue's connections: an outage is reported once, until Redis is back. */
  private failed(error: Error): void {
    if (this.redis.status === 'ready') return this.warn(`queue error: ${error.message}`);
    if (this.unreachable) return;
    this.unreachable = true;
    const { name } = queueOf(this.options);
    if (refusesConnection(error))
      return this.warn(
        `Redis at ${redisAddress(this.redis)} refused the connection of the queue "${name}" (${error.message}); long-running calls fail until it accepts it`,
      );
    this.warn(
      `the queue "${name}" cannot reach Redis (${error.message}); long-running calls wait for it no longer than their time limit, nor ${this.offlineTimeoutMs()} ms to be queued (offlineTimeoutMs)`,
    );
  }
}
