/**
 * toolwright's own keys and channels in Redis, beside BullMQ's and under the same prefix: key
 * claims, the cancel channel and flags, the jobs of paused runs, and MCP task records.
 */
import { queueOf } from './queueNames';
import { sha256 } from './sha256';
import type { JobQueueOptions } from './types';
import type { TaskOwner } from '../calls/ToolJobDispatcher';

/** The record of the call an idempotency key belongs to (its tool and input digest). */
export const keyClaimOf = (options: JobQueueOptions, idempotencyKey: string): string => {
  const { name, prefix } = queueOf(options);
  return `${prefix}:${name}:tw:key:${sha256(idempotencyKey).slice(0, 40)}`;
};

/** The pub/sub channel on which a cancellation reaches every worker. */
export const cancelChannelOf = (options: JobQueueOptions): string => {
  const { name, prefix } = queueOf(options);
  return `${prefix}:${name}:tw:cancel`;
};

/** The key that marks a job cancelled (so a worker that picks it up later does not run it). */
export const cancelFlagOf = (options: JobQueueOptions, jobId: string): string => {
  const { name, prefix } = queueOf(options);
  return `${prefix}:${name}:tw:cancelled:${jobId}`;
};

/** How long a cancel flag is kept (a day: longer than any job waits in the queue, in practice). */
export const CANCEL_FLAG_SECONDS = 86_400;

/** The jobs a paused run waits for (a set, deleted by the instance that resumes the run). */
export const runJobsOf = (options: JobQueueOptions, runId: string): string => {
  const { name, prefix } = queueOf(options);
  return `${prefix}:${name}:tw:run-jobs:${runId}`;
};

/** The paused run a job's outcome is awaited by. */
export const jobRunOf = (options: JobQueueOptions, jobId: string): string => {
  const { name, prefix } = queueOf(options);
  return `${prefix}:${name}:tw:job-run:${jobId}`;
};

/** The channel on which a run whose jobs all finished before it was noted is announced. */
export const runReadyChannelOf = (options: JobQueueOptions): string => {
  const { name, prefix } = queueOf(options);
  return `${prefix}:${name}:tw:run-ready`;
};

/** The record of an MCP task (JSON, expiring with the task's TTL). */
export const taskKeyOf = (options: JobQueueOptions, taskId: string): string => {
  const { name, prefix } = queueOf(options);
  return `${prefix}:${name}:tw:task:${taskId}`;
};

/**
 * The tasks of an owner, scored by creation time: of a caller (`c:`), of a session (`s:`), of
 * both, or `-` for tasks made with neither.
 */
export const taskListOf = (options: JobQueueOptions, owner: TaskOwner): string => {
  const { name, prefix } = queueOf(options);
  const parts = [
    ...(owner.caller !== undefined ? [`c:${owner.caller}`] : []),
    ...(owner.sessionId !== undefined ? [`s:${owner.sessionId}`] : []),
  ];
  return `${prefix}:${name}:tw:tasks:${parts.join(':') || '-'}`;
};
