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
import { approvalOf, pipelineHost } from './mcpToolCall';
import { mcpErrorResult } from './toMcpResult';
import { runCallPipeline } from '../pipeline/runModelCall';
import type { ModelCallHost } from '../pipeline/runModelCall';
import type { ToolCaller } from '../calls/ToolCaller';
import type { McpCallPort } from './mcpToolCall';
import type { JobTaskStore } from './JobTaskStore';

/**
 * A task-augmented `tools/call` (MCP tasks) through the one call pipeline: the caller's access
 * first (a refused caller is answered like any `tools/call`), then the tool must be long-running
 * (-32601 otherwise, as the specification asks of a tool whose `taskSupport` is forbidden), its
 * input valid (a -32602 error naming each problem) and approved when it needs approval, all
 * before the task and its job exist. Answers the created task at once.
 */
export async function startTask(
  scope: CallScope,
  store: JobTaskStore,
  call: CallParams,
  port: McpCallPort,
  extra: Extra,
): Promise<CreateTaskResult | CallToolResult> {
  const { name, input: raw, task } = call;
  const { toolUseId } = port;
  const caller = callerOf(extra.authInfo);
  const host = pipelineHost(scope);
  const answer = await runCallPipeline<CallToolResult, CreateTaskResult>(
    // The long-running check sits at validation: after the caller's access, before the input's.
    {
      ...host,
      check: async (tool, input, options) => {
        await supportsTasks(scope, host, tool, options);
        return host.check(tool, input, options);
      },
    },
    { id: toolUseId, name, input: raw },
    { state: stateOf(scope, extra), ...(caller ? { caller } : {}) },
    {
      approval: async (valid, required) => {
        const refused = required ? await approvalOf(scope, name, valid.input, port) : undefined;
        return refused ? { held: refused } : undefined;
      },
      // The pipeline's caller and state: the job carries what the pipeline checked.
      dispatch: async (input, { caller: admitted, state }) => {
        const context = { toolUseId, state, ...(admitted ? { caller: admitted } : {}) };
        const created = await store.createTask(
          { ...task, context },
          { method: 'tools/call', params: { name, arguments: input } },
          taskOwnerOf(extra),
        );
        return { task: created };
      },
    },
  );
  if (answer.stage === 'ran') return answer.outcome;
  if (answer.stage === 'held')
    throw new JsonRpcError(ErrorCode.InvalidRequest, textOf(answer.held));
  if (answer.stage === 'invalid')
    throw new JsonRpcError(ErrorCode.InvalidParams, String(answer.outcome.content));
  return refusalResult(answer.outcome);
}

/**
 * Throws -32601 unless `name` is a long-running tool, which alone accepts a task; for an unknown
 * name, with the registry's text (the tools the caller may use, as any `tools/call` names them).
 */
async function supportsTasks(
  scope: CallScope,
  host: ModelCallHost,
  name: string,
  options: { caller?: ToolCaller } | undefined,
): Promise<void> {
  if (scope.isLongRunning(name)) return;
  if (scope.registry.get(name) !== undefined)
    throw new JsonRpcError(
      ErrorCode.MethodNotFound,
      `Tool ${JSON.stringify(name)} does not support task-augmented calls (it is not long-running)`,
    );
  const unknown = await host.check(name, undefined, options);
  throw new JsonRpcError(
    ErrorCode.MethodNotFound,
    unknown.ok ? `Unknown tool ${JSON.stringify(name)}` : unknown.error,
  );
}

/** A refusal of the caller, answered as any `tools/call` refusal is. */
const refusalResult = (outcome: { content: unknown }): CallToolResult =>
  mcpErrorResult(String(outcome.content));

const textOf = (result: CallToolResult): string =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
