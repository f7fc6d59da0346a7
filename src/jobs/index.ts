/**
 * `toolwright/jobs`: long-running tools as durable BullMQ jobs. `ToolJobs` is the registry's
 * dispatcher (enqueue once validated, wait with progress, cancel); `startToolWorker` runs the
 * jobs in any instance. BullMQ and ioredis are optional peer dependencies: only this entry
 * loads them.
 * @example
 * import { ToolJobs, startToolWorker } from 'toolwright/jobs';
 * const jobs = new ToolJobs({ connection: process.env.REDIS_URL! });
 * const registry = new ToolRegistry({ jobs }).register(new ExportService());
 * await startToolWorker(registry, { connection: process.env.REDIS_URL! });
 */
import './requirePeers';
export { ToolJobs } from './ToolJobs';
export type { EnqueueOptions } from './ToolJobs';
export { startToolWorker } from './startToolWorker';
export { resumeDeferredRuns } from './resumeDeferredRuns';
export type { DeferredRunHooks } from './resumeDeferredRuns';
export type { JobRegistry, RunningToolWorker } from './startToolWorker';
export { jobIdOf } from './jobIdOf';
export { IdempotencyKeyReusedError } from './IdempotencyKeyReusedError';
export { RedisUnreachableError } from './RedisUnreachableError';
export { RedisRefusedError } from './RedisRefusedError';
export type {
  JobConnection,
  JobQueueOptions,
  ToolJobData,
  ToolJobResult,
  ToolJobStatus,
  ToolJobsOptions,
  ToolWorkerOptions,
} from './types';
