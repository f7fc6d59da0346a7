/**
 * A task-augmented `tools/call` (MCP tasks, 2025-11-25): checked, validated and approved like
 * any call, then answered at once with the task its job runs under (`JobTaskStore`). The job
 * carries the request's caller, so the worker runs the tool as that caller (`ctx.caller`), and
 * the task is bound to it (`taskOwnerOf`).
 */
import type { CreateTaskResult } from '@modelcontextprotocol/sdk/experimental/tasks/types.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { JsonRpcError } from './callParams';
import type { CallParams } from './callParams';
import { stateOf } from './callScope';
import { callerOf } from './callerOf';
import { taskOwnerOf } from './taskOwner';
import type { CallScope, Extra } from './callScope';
import { approvalOf } from './mcpToolCall';
import type { McpCallPort } from './mcpToolCall';
import type { JobTaskStore } from './JobTaskStore';

/**
 * A task-augmented `tools/call` (MCP tasks): the tool must be long-running (-32601 otherwise,
 * as the specification asks of a tool whose `taskSupport` is forbidden); its input is
 * validated (and approved, when it needs approval) before the task and its job exist, and
 * invalid input is a -32602 error naming each problem. Answers the created task at once.
 */
export async function startTask(
  scope: CallScope,
  store: JobTaskStore,
  call: CallParams,
  port: McpCallPort,
  extra: Extra,
): Promise<CreateTaskResult> {
  const { name, input: raw, task } = call;
  if (!scope.isLongRunning(name)) {
    const known = scope.registry.get(name) !== undefined;
    throw new JsonRpcError(
      ErrorCode.MethodNotFound,
      known
        ? `Tool ${JSON.stringify(name)} does not support task-augmented calls (it is not long-running)`
        : `Unknown tool ${JSON.stringify(name)}`,
    );
  }
  const checked = scope.registry.check ? await scope.registry.check(name, raw) : undefined;
  if (checked && !checked.ok) throw new JsonRpcError(ErrorCode.InvalidParams, checked.error);
  const input = checked?.input ?? raw;
  const { toolUseId } = port;
  if (scope.needsApproval(name)) {
    const refused = await approvalOf(scope, name, input, port);
    if (refused) throw new JsonRpcError(ErrorCode.InvalidRequest, textOf(refused));
  }
  const caller = callerOf(extra.authInfo);
  const context = { toolUseId, state: stateOf(scope, extra), ...(caller ? { caller } : {}) };
  const created = await store.createTask(
    { ...task, context },
    { method: 'tools/call', params: { name, arguments: input } },
    taskOwnerOf(extra),
  );
  return { task: created };
}

const textOf = (result: CallToolResult): string =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
