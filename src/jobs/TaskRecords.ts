/**
 * The records of MCP tasks beside their jobs, in Redis: a JSON record per task (tool, creation
 * time, TTL, session, caller) expiring with the task, and a list per owner (caller and
 * session), newest first, for `tasks/list`. Apart from `ToolJobs` so the queue reads in one place and the tasks in another.
 */
import type Redis from 'ioredis';
import type { JobTaskRecord, TaskOwner } from '../calls/ToolJobDispatcher';
import { taskKeyOf, taskListOf } from './redisKeys';
import type { JobQueueOptions } from './types';

/** The task records of one queue. */
export class TaskRecords {
  constructor(
    private readonly redis: Redis,
    private readonly options: JobQueueOptions,
    /** How long a record without a TTL of its own is kept: as long as finished jobs. */
    private readonly keepFinishedSeconds: number,
  ) {}

  /** Keeps the record of an MCP task until its TTL (or as long as finished jobs are kept). */
  async record(taskId: string, record: JobTaskRecord): Promise<void> {
    const ttlMs = record.ttlMs ?? this.keepFinishedSeconds * 1000;
    const list = taskListOf(this.options, { caller: record.caller, sessionId: record.sessionId });
    await this.redis
      .multi()
      .set(taskKeyOf(this.options, taskId), JSON.stringify(record), 'PX', ttlMs)
      .zadd(list, record.createdAt, taskId)
      .exec();
    // The list lives as long as its longest-lived task (a shorter TTL never cuts it).
    const left = await this.redis.pttl(list);
    if (left < ttlMs) await this.redis.pexpire(list, ttlMs);
  }

  /** The record of a task, or undefined once it expired (or never was). */
  async read(taskId: string): Promise<JobTaskRecord | undefined> {
    const text = await this.redis.get(taskKeyOf(this.options, taskId));
    return text === null ? undefined : (JSON.parse(text) as JobTaskRecord);
  }

  /**
   * Task ids of an owner, newest first, from `start`; expired ones are dropped from the list on
   * the way (the next page's offset counts them out).
   */
  async list(
    owner: TaskOwner,
    start: number,
    limit: number,
  ): Promise<{ ids: string[]; next?: number }> {
    const list = taskListOf(this.options, owner);
    const ids = await this.redis.zrevrange(list, start, start + limit - 1);
    const alive = await Promise.all(
      ids.map((id) => this.redis.exists(taskKeyOf(this.options, id))),
    );
    const gone = ids.filter((_, index) => alive[index] === 0);
    if (gone.length > 0) await this.redis.zrem(list, ...gone);
    const kept = ids.filter((_, index) => alive[index] === 1);
    const more = ids.length === limit ? { next: start + limit - gone.length } : {};
    return { ids: kept, ...more };
  }
}
