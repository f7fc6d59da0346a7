/**
 * Resumes the runs that deferred long-running calls (`longRunning: 'defer'`) once their jobs
 * have all finished: BullMQ's completion events reach every instance that calls this, the
 * first to claim a run resumes it (`agent.resume(runId)`), from the approval store all of them
 * share. A run whose resume fails stays in the store, to be resumed by hand.
 */
import { ApprovalNotFoundError } from '../errors/ApprovalNotFoundError';
import type { ToolJobs } from './ToolJobs';

/** What is told of each resumed run. */
export interface DeferredRunHooks {
  /** The resumed run's outcome: completed, or paused again. */
  onResumed?(runId: string, result: unknown): void;
  /** The resume failed (say, the model API did); the run is left in the store. */
  onError?(runId: string, error: unknown): void;
  /**
   * This instance listens (to the queue's events and to the runs announced in Redis): a run
   * whose jobs finish from now on is resumed. Called once; never while Redis is unreachable.
   */
  onListening?(): void;
}

/**
 * Resumes deferred runs as their jobs finish; returns what stops it.
 * @example
 * const stop = resumeDeferredRuns(agent, jobs, { onResumed: (runId, result) => notify(runId, result) });
 */
export function resumeDeferredRuns(
  agent: { resume(runId: string): Promise<unknown> },
  jobs: ToolJobs,
  hooks: DeferredRunHooks = {},
): () => void {
  const onListening = hooks.onListening?.bind(hooks);
  return jobs.onRunReady((runId) => {
    agent.resume(runId).then(
      (result) => hooks.onResumed?.(runId, result),
      (error: unknown) => {
        // Resumed already, by hand (`resume(runId)`) on some instance: nothing left to do.
        if (!(error instanceof ApprovalNotFoundError)) hooks.onError?.(runId, error);
      },
    );
  }, onListening);
}
