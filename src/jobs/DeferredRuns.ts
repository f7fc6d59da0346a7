/**
 * The paused runs of `longRunning: 'defer'` beside the queue: which jobs a run waits for, and
 * who resumes it once they have all finished (one listening instance, the first to claim it).
 * Apart from `ToolJobs`, which enqueues and waits, and only hands these calls on.
 */
import type Redis from 'ioredis';
import type { JobWaiters } from './JobWaiters';
import { jobRunOf, runJobsOf, runReadyChannelOf } from './redisKeys';
import { redisClientOf } from './redisClient';
import type { JobQueueOptions, ToolJobStatus } from './types';

/** What the runs need of their queue. */
export interface RunQueue {
  redis: Redis;
  options: JobQueueOptions;
  waiters: JobWaiters;
  keepFinishedSeconds: number;
  status(jobId: string): Promise<ToolJobStatus>;
  warn(message: string): void;
}

/** The deferred runs of one queue. */
export class DeferredRuns {
  /** The connections of `onRunReady` listeners. */
  private readonly subscribers = new Set<Redis>();

  constructor(private readonly queue: RunQueue) {}

  /** Notes that a paused run waits for these jobs; announces it at once if they all finished. */
  async awaitRun(runId: string, jobIds: readonly string[]): Promise<void> {
    if (jobIds.length === 0) return;
    const { redis, options, keepFinishedSeconds: seconds } = this.queue;
    const set = runJobsOf(options, runId);
    const multi = redis
      .multi()
      .sadd(set, ...jobIds)
      .expire(set, seconds);
    for (const jobId of jobIds) multi.set(jobRunOf(options, jobId), runId, 'EX', seconds);
    await multi.exec();
    // Jobs that finished before the run was noted sent their events already: say it here.
    if (await this.allFinished(jobIds)) await redis.publish(runReadyChannelOf(options), runId);
  }

  /**
   * Calls `listener` with each run whose jobs all finished and that this instance claimed, and
   * `onListening` once it listens to both the queue's events and the announcements.
   */
  onRunReady(listener: (runId: string) => void, onListening?: () => void): () => void {
    const { redis, options, waiters } = this.queue;
    const offer = (runId: string) =>
      void this.claimRun(runId).then(
        (won) => won && listener(runId),
        (error: unknown) => this.queue.warn(`could not check run ${runId}: ${String(error)}`),
      );
    const stopEvents = waiters.onFinished((jobId) => {
      void redis.get(jobRunOf(options, jobId)).then(
        (runId) => runId && offer(runId),
        () => undefined,
      );
    });
    const subscriber = redisClientOf(options.connection);
    subscriber.on('error', () => undefined);
    this.subscribers.add(subscriber);
    subscriber.on('message', (_channel: string, runId: string) => offer(runId));
    void Promise.all([waiters.listen(), subscriber.subscribe(runReadyChannelOf(options))]).then(
      () => this.subscribers.has(subscriber) && onListening?.(),
      () => undefined,
    );
    return () => {
      stopEvents();
      this.subscribers.delete(subscriber);
      subscriber.disconnect();
    };
  }

  /** Drops every listener's connection. */
  close(): void {
    for (const subscriber of this.subscribers) subscriber.disconnect();
    this.subscribers.clear();
  }

  /** Takes a run whose jobs all finished, so one instance only resumes it. */
  private async claimRun(runId: string): Promise<boolean> {
    const set = runJobsOf(this.queue.options, runId);
    const jobIds = await this.queue.redis.smembers(set);
    if (jobIds.length === 0 || !(await this.allFinished(jobIds))) return false;
    return (await this.queue.redis.del(set)) === 1;
  }

  private async allFinished(jobIds: readonly string[]): Promise<boolean> {
    const statuses = await Promise.all(jobIds.map((jobId) => this.queue.status(jobId)));
    return statuses.every((status) => status.state !== 'queued' && status.state !== 'running');
  }
}
