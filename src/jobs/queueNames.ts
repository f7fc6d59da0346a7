/**
 * The queue's name and prefix, which producers (`ToolJobs`) and workers (`startToolWorker`)
 * must agree on: the defaults, and the options with them applied.
 */
import type { JobQueueOptions } from './types';

/** The queue's name unless `queueName` says otherwise. */
export const DEFAULT_QUEUE = 'toolwright-tools';
/** BullMQ's key prefix unless `prefix` says otherwise. */
export const DEFAULT_PREFIX = 'toolwright';

/** The queue's name and prefix, defaults applied. */
export function queueOf(options: JobQueueOptions): { name: string; prefix: string } {
  return { name: options.queueName ?? DEFAULT_QUEUE, prefix: options.prefix ?? DEFAULT_PREFIX };
}
