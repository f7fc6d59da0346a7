/**
 * MCP tasks on durable tool jobs: a task is a job of the registry's dispatcher (`ToolJobs`, on
 * BullMQ) under the task's id, plus a small record in Redis (tool, creation time, TTL, session,
 * caller). Its status is read from the job on every `tasks/get`, so any stateless instance
 * answers for any task; `tasks/cancel` cancels the job wherever it runs. Every read names the
 * requesting owner (`taskOwnerOf`): a task is bound to the caller who created it (and to its
 * session, when it had one), and to anyone else it does not exist, as MCP 2025-11-25 asks of
 * tasks made under an authorization context. Not the SDK's `TaskStore`, whose methods see a
 * session id only: `serveTasks` answers the `tasks/*` requests with the owner of each.
 */
import { randomUUID } from 'node:crypto';
import type { CreateTaskOptions } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import { isTerminal } from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import type { CallToolResult, Request, Result, Task } from '@modelcontextprotocol/sdk/types.js';
import { finalOutcome } from '../calls/jobOutcome';
import type {
  JobTaskRecord,
  TaskJobDispatcher,
  TaskOwner,
  ToolJobStatus,
} from '../calls/ToolJobDispatcher';
import type { ToolCaller } from '../calls/ToolCaller';
import type { ToolOutcome } from '../calls/ToolOutcome';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcError } from './callParams';
import { decodeCursor, encodeCursor } from './pageCursor';

/** How a finished job's outcome becomes the call's result (structured content included). */
export type RenderTaskResult = (tool: string, outcome: ToolOutcome) => CallToolResult;

/** What a task-augmented call passes to `createTask` beside the request (`CreateTaskOptions.context`). */
export interface TaskCallContext {
  toolUseId?: string;
  state?: unknown;
  /** Who called: the job carries it (as JSON, `jobCaller`) to the worker's `ctx.caller`. */
  caller?: ToolCaller;
}

export const DEFAULT_TASK_TTL_MS = 3_600_000;
export const DEFAULT_POLL_INTERVAL_MS = 1000;
const PAGE_SIZE = 50;

function statusOf(job: ToolJobStatus): Pick<Task, 'status' | 'statusMessage'> {
  switch (job.state) {
    case 'queued':
      return { status: 'working', statusMessage: 'queued' };
    case 'running': {
      const progress = job.progress;
      if (!progress) return { status: 'working', statusMessage: 'running' };
      const of =
        progress.total !== undefined
          ? `${progress.progress}/${progress.total}`
          : `${progress.progress}`;
      return {
        status: 'working',
        statusMessage: progress.message ? `${progress.message} (${of})` : of,
      };
    }
    case 'completed':
      // MCP: a tool call whose result is an error is a failed task.
      return job.result?.isError
        ? { status: 'failed', statusMessage: 'the tool answered an error' }
        : { status: 'completed' };
    case 'cancelled':
      return { status: 'cancelled', statusMessage: job.reason ?? 'cancelled' };
    case 'failed':
      return { status: 'failed', statusMessage: job.reason ?? 'failed' };
    default:
      return { status: 'failed', statusMessage: 'the job no longer exists' };
  }
}

function taskOf(taskId: string, record: JobTaskRecord, job: ToolJobStatus): Task {
  return {
    taskId,
    ...statusOf(job),
    ttl: record.ttlMs,
    createdAt: new Date(record.createdAt).toISOString(),
    lastUpdatedAt: new Date(job.updatedAt ?? record.createdAt).toISOString(),
    ...(record.pollIntervalMs !== undefined ? { pollInterval: record.pollIntervalMs } : {}),
  };
}

/** Whether an owner may see a task: the same caller (or none, both), and its session if it had one. */
const visibleTo = (record: JobTaskRecord, owner: TaskOwner): boolean =>
  record.caller === owner.caller &&
  (record.sessionId === undefined || record.sessionId === owner.sessionId);

const notFound = (taskId: string): JsonRpcError =>
  new JsonRpcError(ErrorCode.InvalidParams, `Task not found: ${taskId}`);

/** Resolves after `ms`, or rejects once `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted)
      return reject(new JsonRpcError(ErrorCode.ConnectionClosed, 'Request was cancelled'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new JsonRpcError(ErrorCode.ConnectionClosed, 'Request was cancelled'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Tasks as durable jobs. `createMcpServer` makes one when the registry's `jobs` can back tasks.
 * @example
 * const store = new JobTaskStore(jobs, render);
 * serveTasks(server, store);
 */
export class JobTaskStore {
  constructor(
    private readonly jobs: TaskJobDispatcher,
    private readonly render: RenderTaskResult,
    private readonly maxTtlMs = DEFAULT_TASK_TTL_MS * 24,
  ) {}

  /** Records the task, bound to `owner`, and enqueues its job, the task id being the job id. */
  async createTask(params: CreateTaskOptions, request: Request, owner: TaskOwner): Promise<Task> {
    const call = (request.params ?? {}) as { name?: unknown; arguments?: unknown };
    if (typeof call.name !== 'string')
      throw new JsonRpcError(ErrorCode.InvalidParams, 'A task needs a tools/call request');
    const context = (params.context ?? {}) as TaskCallContext;
    const taskId = `task-${randomUUID()}`;
    const record: JobTaskRecord = {
      tool: call.name,
      createdAt: Date.now(),
      // Kept at least a second (Redis expires nothing shorter) and at most `maxTtlMs`.
      ttlMs: Math.max(1000, Math.min(params.ttl ?? DEFAULT_TASK_TTL_MS, this.maxTtlMs)),
      pollIntervalMs: params.pollInterval ?? DEFAULT_POLL_INTERVAL_MS,
      ...(owner.sessionId !== undefined ? { sessionId: owner.sessionId } : {}),
      ...(owner.caller !== undefined ? { caller: owner.caller } : {}),
    };
    await this.jobs.recordTask(taskId, record);
    await this.jobs.enqueue(
      { tool: call.name, input: (call.arguments ?? {}) as Record<string, unknown> },
      {
        jobId: taskId,
        idempotencyKey: taskId,
        toolUseId: context.toolUseId ?? taskId,
        ...(context.state !== undefined ? { state: context.state } : {}),
        ...(context.caller ? { caller: context.caller } : {}),
      },
    );
    return taskOf(taskId, record, { state: 'queued' });
  }

  /** The task, or null when it does not exist for this owner. */
  async getTask(taskId: string, owner: TaskOwner): Promise<Task | null> {
    const record = await this.recordFor(taskId, owner);
    return record ? taskOf(taskId, record, await this.jobs.status(taskId)) : null;
  }

  /**
   * The call's result, as `tools/call` would have answered it, once the job finished: waits for
   * it (polling at the task's interval) until then, or until `signal` aborts.
   */
  async getTaskResult(taskId: string, owner: TaskOwner, signal?: AbortSignal): Promise<Result> {
    const record = await this.recordFor(taskId, owner);
    if (!record) throw notFound(taskId);
    for (;;) {
      const outcome = finalOutcome(record.tool, await this.jobs.status(taskId));
      if (outcome) return this.render(record.tool, outcome);
      await pause(record.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS, signal);
    }
  }

  /** Cancels the task's job wherever it runs, and answers the task; a finished one is refused. */
  async cancelTask(taskId: string, owner: TaskOwner): Promise<Task> {
    const task = await this.getTask(taskId, owner);
    if (!task) throw notFound(taskId);
    if (isTerminal(task.status))
      throw new JsonRpcError(
        ErrorCode.InvalidParams,
        `Cannot cancel task in terminal status: ${task.status}`,
      );
    await this.jobs.cancel(taskId, 'cancelled by the client');
    return (await this.getTask(taskId, owner)) ?? task;
  }

  /** The owner's tasks, newest first, a page at a time. */
  async listTasks(
    cursor: string | undefined,
    owner: TaskOwner,
  ): Promise<{ tasks: Task[]; nextCursor?: string }> {
    const page = await this.jobs.listTasks(owner, decodeCursor('tasks', cursor), PAGE_SIZE);
    const tasks = await Promise.all(page.ids.map((id) => this.getTask(id, owner)));
    return {
      tasks: tasks.filter((task): task is Task => task !== null),
      ...(page.next !== undefined ? { nextCursor: encodeCursor('tasks', page.next) } : {}),
    };
  }

  /** The task's record when `owner` may see it. */
  private async recordFor(taskId: string, owner: TaskOwner): Promise<JobTaskRecord | undefined> {
    const record = await this.jobs.readTask(taskId);
    return record && visibleTo(record, owner) ? record : undefined;
  }
}
