/**
 * The `tasks/get`, `tasks/result`, `tasks/list` and `tasks/cancel` requests (MCP 2025-11-25) of
 * a server whose tasks are durable jobs (`JobTaskStore`), each answered for the owner of the
 * request (`taskOwnerOf`: its caller, and its session). In place of the SDK's own handlers, whose
 * `TaskStore` sees a session id only, so on a stateless endpoint every caller would see every task.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CancelTaskRequestSchema,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  ListTasksRequestSchema,
  RELATED_TASK_META_KEY,
} from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcError } from './callParams';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { JobTaskStore } from './JobTaskStore';
import { taskOwnerOf } from './taskOwner';

/**
 * Answers the task requests of `server` from `store`; another owner's task is answered as an
 * unknown one (-32602 "Task not found"), never revealed.
 * @example
 * serveTasks(server, new JobTaskStore(jobs, render));
 */
export function serveTasks(server: Server, store: JobTaskStore): void {
  server.setRequestHandler(GetTaskRequestSchema, async (request, extra) => {
    const task = await store.getTask(request.params.taskId, taskOwnerOf(extra));
    if (!task)
      throw new JsonRpcError(ErrorCode.InvalidParams, `Task not found: ${request.params.taskId}`);
    return task;
  });
  server.setRequestHandler(GetTaskPayloadRequestSchema, async (request, extra) => {
    const { taskId } = request.params;
    const result = await store.getTaskResult(taskId, taskOwnerOf(extra), extra.signal);
    return { ...result, _meta: { ...result._meta, [RELATED_TASK_META_KEY]: { taskId } } };
  });
  server.setRequestHandler(ListTasksRequestSchema, (request, extra) =>
    store.listTasks(request.params?.cursor, taskOwnerOf(extra)),
  );
  server.setRequestHandler(CancelTaskRequestSchema, (request, extra) =>
    store.cancelTask(request.params.taskId, taskOwnerOf(extra)),
  );
}
