/**
 * Where a job is, read from BullMQ's own state and toolwright's cancel flag: a job that was
 * cancelled stays `cancelled` even after BullMQ removed it from the queue.
 */
import { Job } from 'bullmq';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { jobProgress } from './jobProgress';
import { cancelFlagOf } from './redisKeys';
import type { JobQueueOptions, ToolJobData, ToolJobResult, ToolJobStatus } from './types';

type JobState = Awaited<ReturnType<Job['getState']>>;

function stateOf(state: JobState, cancelled: boolean): ToolJobStatus['state'] {
  if (state === 'completed') return 'completed';
  if (cancelled) return 'cancelled';
  if (state === 'failed') return 'failed';
  if (state === 'active') return 'running';
  return state === 'unknown' ? 'unknown' : 'queued';
}

/** The status of `jobId`: `unknown` when neither the job nor a cancel flag exists. */
export async function readJobStatus(
  queue: Queue<ToolJobData, ToolJobResult>,
  redis: Redis,
  options: JobQueueOptions,
  jobId: string,
): Promise<ToolJobStatus> {
  // The state first, then the job: a job read before it completed would have no result yet.
  const [jobState, flag] = await Promise.all([
    queue.getJobState(jobId),
    redis.get(cancelFlagOf(options, jobId)),
  ]);
  const job =
    jobState === 'unknown' ? undefined : await Job.fromId<ToolJobData, ToolJobResult>(queue, jobId);
  if (!job) return flag !== null ? { state: 'cancelled', reason: flag } : { state: 'unknown' };
  const state = stateOf(jobState, flag !== null);
  const status: ToolJobStatus = {
    state,
    createdAt: job.timestamp,
    updatedAt: job.finishedOn ?? job.processedOn ?? job.timestamp,
  };
  const progress = jobProgress(job.progress);
  if (progress) status.progress = progress;
  if (state === 'completed') status.result = job.returnvalue;
  if (state === 'failed') status.reason = job.failedReason;
  if (state === 'cancelled') status.reason = flag ?? 'cancelled';
  return status;
}
