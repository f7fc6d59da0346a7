/**
 * The seam between the registry and a job queue: a tool marked `@Tool({ longRunning: true })`
 * is validated by the registry, then handed to a dispatcher that runs it as a durable job
 * (`toolwright/jobs`, on BullMQ) and answers its outcome. Below the registry, so it names no queue.
 */
import type { CallOptions } from './ToolCallContext';
import type { ToolOutcome } from './ToolOutcome';

/** One validated call to run as a job: the tool and the JSON input the registry accepted. */
export interface ToolJobRequest {
  tool: string;
  input: Record<string, unknown>;
}

/** What the registry hands long-running calls to (`ToolJobs` from `toolwright/jobs` is one). */
export interface ToolJobDispatcher {
  /**
   * Enqueues the call and waits for its job: progress goes to `options.onProgress`, the
   * caller's `signal` and `timeoutMs` cancel the job. Never throws.
   */
  run(request: ToolJobRequest, options: CallOptions): Promise<ToolOutcome>;
}
