/**
 * Callers waiting for their jobs in this process, woken by BullMQ's queue events (one
 * `QueueEvents` stream for all of them): a finished job settles its waiters, a progress event
 * reaches their `onProgress`. A waiter also reads the job's status once it listens, so a job
 * that finished before is not waited for forever.
 */
import { QueueEvents } from 'bullmq';
import { closeWithin } from './closeWithin';
import { jobProgress } from './jobProgress';
import { bullConnectionOf } from './redisClient';
import type { JobConnection } from './types';
import type { ToolProgress } from '../calls/ToolCallContext';

/** One caller waiting for a job. */
export interface JobWaiter {
  /** Called once the job finished (completed, failed or removed). */
  finished(): void;
  progress?(report: ToolProgress): void;
}

/** The waiters of one queue, by job id. */
export class JobWaiters {
  private readonly byJob = new Map<string, Set<JobWaiter>>();
  /** Listeners of every finished job. */
  private readonly anyJob = new Set<(jobId: string) => void>();
  private events?: QueueEvents;
  private ready?: Promise<QueueEvents>;
  /** Whether the event stream reached Redis (a graceful close needs it to). */
  private connected = false;

  constructor(
    private readonly name: string,
    private readonly connection: JobConnection,
    private readonly prefix: string,
  ) {}

  /** Starts listening (once); resolves when the event stream is read. */
  listen(): Promise<QueueEvents> {
    this.ready ??= this.open();
    return this.ready;
  }

  /** Adds a waiter for `jobId`; returns the function that removes it. */
  add(jobId: string, waiter: JobWaiter): () => void {
    let waiting = this.byJob.get(jobId);
    if (!waiting) this.byJob.set(jobId, (waiting = new Set()));
    waiting.add(waiter);
    return () => {
      waiting.delete(waiter);
      if (waiting.size === 0 && this.byJob.get(jobId) === waiting) this.byJob.delete(jobId);
    };
  }

  /** Calls `listener` with the id of every job that finishes; returns what removes it. */
  onFinished(listener: (jobId: string) => void): () => void {
    this.anyJob.add(listener);
    return () => void this.anyJob.delete(listener);
  }

  /** Stops listening; bounded while Redis is unreachable (`closeWithin`). */
  async close(): Promise<void> {
    const { events, connected } = this;
    this.events = this.ready = undefined;
    this.connected = false;
    if (!events) return;
    if (connected) return closeWithin(events);
    // BullMQ 6's QueueEvents.close() waits for a connection that never came (its disconnect
    // awaits the client first); its backend's forced close drops the connecting socket instead.
    const backend = (events as unknown as { backend?: { close(force: boolean): Promise<void> } })
      .backend;
    await (backend ? backend.close(true) : closeWithin(events)).catch(() => undefined);
  }

  private async open(): Promise<QueueEvents> {
    const connection = bullConnectionOf(this.connection);
    const events = new QueueEvents(this.name, { connection, prefix: this.prefix });
    this.events = events;
    const finished = ({ jobId }: { jobId: string }) => {
      for (const waiter of [...(this.byJob.get(jobId) ?? [])]) waiter.finished();
      for (const listener of this.anyJob) listener(jobId);
    };
    events.on('completed', finished);
    events.on('failed', finished);
    events.on('removed', finished);
    events.on('progress', ({ jobId, data }) => {
      const report = jobProgress(data);
      if (!report) return;
      for (const waiter of this.byJob.get(jobId) ?? []) waiter.progress?.(report);
    });
    events.on('error', () => undefined);
    await events.waitUntilReady();
    if (this.events === events) this.connected = true;
    return events;
  }
}
