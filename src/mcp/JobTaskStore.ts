/**
 * The MCP SDK's experimental `TaskStore` on durable tool jobs: a task is a job of the registry's
 * dispatcher (`ToolJobs`, on BullMQ) under the task's id, plus a small record in Redis (tool,
 * creation time, TTL, session). Its status is read from the job on every `tasks/get`, so any
 * stateless instance answers for any task; `tasks/cancel` cancels the job wherever it runs.
 */
import { randomUUID } from 'node:crypto';
import type {
  CreateTaskOptions,
  TaskStore,
} from '@modelcontextprotocol/sdk/experimental/tasks/interfaces.js';
import type {
  CallToolResult,
  Request,
  RequestId,
  Result,
  Task,
} from '@modelcontextprotocol/sdk/types.js';
import { finalOutcome } from '../calls/jobOutcome';
import type { JobTaskRecord, TaskJobDispatcher, ToolJobStatus } from '../calls/ToolJobDispatcher';
import type { ToolCaller } from '../calls/ToolCaller';
import type { ToolOutcome } from '../calls/ToolOutcome';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { ToolwrightError } from '../errors/ToolwrightError';
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

/** Whether a session may see a task: its own, or one made without a session. */
const visibleTo = (record: JobTaskRecord, sessionId: string | undefined): boolean =>
  record.sessionId === undefined || record.sessionId === sessionId;

/**
 * Tasks as durable jobs. `createMcpServer` makes one when the registry's `jobs` can back tasks.
 * @example
 * new Server(info, { capabilities, taskStore: new JobTaskStore(jobs, render) });
 */
export class JobTaskStore implements TaskStore {
  constructor(
    private readonly jobs: TaskJobDispatcher,
    private readonly render: RenderTaskResult,
    private readonly maxTtlMs = DEFAULT_TASK_TTL_MS * 24,
  ) {}

  /** Records the task and enqueues its job, the task id being the job id. */
  async createTask(
    params: CreateTaskOptions,
    _requestId: RequestId,
    request: Request,
    sessionId?: string,
  ): Promise<Task> {
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
      ...(sessionId !== undefined ? { sessionId } : {}),
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

  async getTask(taskId: string, sessionId?: string): Promise<Task | null> {
    const record = await this.jobs.readTask(taskId);
    if (!record || !visibleTo(record, sessionId)) return null;
    return taskOf(taskId, record, await this.jobs.status(taskId));
  }

  /** Results are the job's, stored by the worker that ran it. */
  storeTaskResult(): Promise<void> {
    return Promise.reject(new ToolwrightError('The result of a job task is stored by its worker'));
  }

  /** The call's result, as `tools/call` would have answered it. */
  async getTaskResult(taskId: string, sessionId?: string): Promise<Result> {
    const record = await this.jobs.readTask(taskId);
    if (!record || !visibleTo(record, sessionId))
      throw new JsonRpcError(ErrorCode.InvalidParams, `Task not found: ${taskId}`);
    const outcome = finalOutcome(record.tool, await this.jobs.status(taskId));
    if (!outcome)
      throw new JsonRpcError(ErrorCode.InvalidParams, `Task ${taskId} has not finished`);
    return this.render(record.tool, outcome);
  }

  /** Only cancellation changes a job from outside; other statuses are the job's own. */
  async updateTaskStatus(
    taskId: string,
    status: Task['status'],
    statusMessage?: string,
    sessionId?: string,
  ): Promise<void> {
    if (status !== 'cancelled') return;
    const record = await this.jobs.readTask(taskId);
    if (!record || !visibleTo(record, sessionId)) return;
    await this.jobs.cancel(taskId, statusMessage ?? 'cancelled by the client');
  }

  async listTasks(
    cursor?: string,
    sessionId?: string,
  ): Promise<{ tasks: Task[]; nextCursor?: string }> {
    const page = await this.jobs.listTasks(sessionId, decodeCursor('tasks', cursor), PAGE_SIZE);
    const tasks = await Promise.all(page.ids.map((id) => this.getTask(id, sessionId)));
    return {
      tasks: tasks.filter((task): task is Task => task !== null),
      ...(page.next !== undefined ? { nextCursor: encodeCursor('tasks', page.next) } : {}),
    };
  }
}
