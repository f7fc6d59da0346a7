/**
 * The seam between the registry and a job queue: a tool marked `@Tool({ longRunning: true })`
 * is validated by the registry, then handed to a dispatcher that runs it as a durable job
 * (`toolwright/jobs`, on BullMQ) and answers its outcome. Below the registry, so it names no queue.
 */
import type { CallOptions } from './ToolCallContext';
import type { ToolOutcome } from './ToolOutcome';

/** One validated call to run as a job: the tool and the JSON input the registry accepted. */
export interface ToolJobRequest {
  /** The tool's name. */
  tool: string;
  /** The input the registry validated, as JSON. */
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

/** What a finished tool job stores: the outcome the caller gets. */
export interface ToolJobResult {
  /** What the model reads: text, or content blocks. */
  content: string | unknown[];
  /** Whether the call failed. */
  isError: boolean;
  /** What the method returned, when it was a string (MCP's `structuredContent` reads the rest from `content`). */
  value?: unknown;
}

/** Where a job is, as `ToolJobs.status()` reads it. */
export interface ToolJobStatus {
  /** Where the job is; `unknown` once it expired or never existed. */
  state: 'queued' | 'running' | 'completed' | 'failed' | 'cancelled' | 'unknown';
  /** The last `ctx.progress()` report. */
  progress?: { progress: number; total?: number; message?: string };
  /** The outcome, once completed. */
  result?: ToolJobResult;
  /** Why it failed or was cancelled. */
  reason?: string;
  /** When it was enqueued (ms since the epoch). */
  createdAt?: number;
  /** When its state last changed (ms since the epoch). */
  updatedAt?: number;
}

/**
 * What an MCP task records beside its job: the tool, when, how long it is kept, whose.
 * Plumbing between `toolwright/jobs` and `toolwright/mcp`, exported from no entry point.
 */
export interface JobTaskRecord {
  /** The tool the task runs. */
  tool: string;
  /** When the task was created (ms since the epoch). */
  createdAt: number;
  /** How long the task is kept after creation, in ms (null: as long as its job). */
  ttlMs: number | null;
  /** How often the client should poll, in ms. */
  pollIntervalMs?: number;
  /** The MCP session that created it, if any: other sessions do not see it. */
  sessionId?: string;
  /** A digest of the caller who created it (its id, else its token), if any: others do not see it. */
  caller?: string;
}

/** Whose tasks: a caller's (`JobTaskRecord.caller`) within a session, either, or neither's. */
export interface TaskOwner {
  caller?: string;
  sessionId?: string;
}

/**
 * A dispatcher whose jobs can be MCP tasks (`ToolJobs` is one): enqueue under a given id, read
 * and cancel a job, and keep a record of each task so any instance can answer for it. Plumbing
 * between `toolwright/jobs`, the agent and `toolwright/mcp`, exported from no entry point: the
 * `ToolJobs` members only it names are internal (left out of the published declarations).
 */
export interface TaskJobDispatcher extends ToolJobDispatcher {
  enqueue(request: ToolJobRequest, options: CallOptions & { jobId?: string }): Promise<string>;
  status(jobId: string): Promise<ToolJobStatus>;
  /** Waits for a job's outcome (see `run`); rejects only when the queue cannot be read. */
  wait(jobId: string, tool: string, options?: CallOptions): Promise<ToolOutcome>;
  cancel(jobId: string, reason?: string): Promise<boolean>;
  recordTask(taskId: string, record: JobTaskRecord): Promise<void>;
  readTask(taskId: string): Promise<JobTaskRecord | undefined>;
  /**
   * Notes that a paused run waits for these jobs (`longRunning: 'defer'`), so that whoever
   * listens (`ToolJobs.onRunReady`) resumes it once they have all finished.
   */
  awaitRun(runId: string, jobIds: readonly string[]): Promise<void>;
  /**
   * Task ids of an owner (a caller and a session, either, or neither), newest first, a page at
   * a time: `limit` ids from `offset`, and the offset of the next page while more may remain.
   */
  listTasks(
    owner: TaskOwner,
    offset: number,
    limit: number,
  ): Promise<{ ids: string[]; next?: number }>;
}

/** Whether a dispatcher can back MCP tasks. */
export function isTaskJobDispatcher(
  jobs: ToolJobDispatcher | undefined,
): jobs is TaskJobDispatcher {
  return (
    typeof (jobs as Partial<TaskJobDispatcher> | undefined)?.recordTask === 'function' &&
    typeof (jobs as Partial<TaskJobDispatcher>).status === 'function'
  );
}
