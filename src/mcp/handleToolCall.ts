/**
 * One `tools/call`, from the raw JSON-RPC params to the MCP result: params checked (-32602 when
 * malformed), approval, the registry call with the client's cancellation signal and progress
 * token, and the typed result as `structuredContent` next to its JSON text. Apart from
 * `createMcpServer` so the wiring reads in one place and the call in another.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CreateTaskResult } from '@modelcontextprotocol/sdk/experimental/tasks/types.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type {
  CallToolResult,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { sanitizeForModel } from '../errors/sanitizeForModel';
import type { ToolOutcome, ToolProgress } from '../registry/types';
import { APPROVAL_FORM, approveCall } from './approveCall';
import { JsonRpcError, readCallParams } from './callParams';
import type { CallParams } from './callParams';
import type { OutputShape } from './outputShape';
import { outputProblems, structuredContentOf } from './outputShape';
import { mcpErrorResult, toMcpResult } from './toMcpResult';
import type { JobTaskStore } from './JobTaskStore';
import type { McpServerOptions, McpToolSource } from './types';

/** What the SDK hands a request handler. */
export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** What a call needs besides its request: the server, the registry, options, output shapes. */
export interface CallScope {
  server: Server;
  registry: McpToolSource;
  options: McpServerOptions;
  /** The output shape of a tool, or undefined when it has no output schema. */
  shapeOf(name: string): OutputShape | undefined;
  /** Whether a tool is marked `requiresApproval`. */
  needsApproval(name: string): boolean;
  /** Whether results are checked against their output schema. */
  checkResults: boolean;
  /** Whether a tool is marked `longRunning` (it may be called as a task). */
  isLongRunning(name: string): boolean;
  /** The store of task-augmented calls, when the registry's jobs can back them. */
  taskStore?: JobTaskStore;
}

/** The id a call runs under: the JSON-RPC request id, scoped by the session when there is one. */
function toolUseIdOf(extra: Extra): string {
  return extra.sessionId ? `mcp-${extra.sessionId}-${extra.requestId}` : `mcp-${extra.requestId}`;
}

/** The text of a refusal: names the tool, says it did not run, and why. */
function refusal(name: string, reason: string): CallToolResult {
  return mcpErrorResult(sanitizeForModel(`Tool ${JSON.stringify(name)} was not run: ${reason}`));
}

/** Whether a tool marked `requiresApproval` may run: undefined when approved, else the refusal. */
async function approvalOf(
  scope: CallScope,
  name: string,
  input: Record<string, unknown>,
  extra: Extra,
): Promise<CallToolResult | undefined> {
  const { server, options } = scope;
  const request = {
    name,
    input,
    toolUseId: toolUseIdOf(extra),
    sessionId: extra.sessionId,
    canElicit: Boolean(server.getClientCapabilities()?.elicitation?.form),
  };
  const ask = async (message: string): Promise<boolean> => {
    const answer = await server.elicitInput(
      { mode: 'form', message, requestedSchema: APPROVAL_FORM },
      { relatedRequestId: extra.requestId, signal: extra.signal },
    );
    return answer.action === 'accept' && answer.content?.approve === true;
  };
  try {
    const verdict = await approveCall(options.approve, request, ask);
    return verdict.approved ? undefined : refusal(name, verdict.reason);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return refusal(name, `approval failed: ${message}`);
  }
}

/**
 * The input to run, once approved. A tool that needs approval is checked first (invalid input is
 * answered with the registry's error text and nobody is asked to approve it), and its checked
 * snapshot is dispatched without validating again; any other tool is validated by `call()`.
 */
async function approvedInput(
  scope: CallScope,
  name: string,
  raw: Record<string, unknown>,
  extra: Extra,
): Promise<{ value: unknown } | { refused: CallToolResult }> {
  if (!scope.needsApproval(name)) return { value: raw };
  const checked = scope.registry.check ? await scope.registry.check(name, raw) : undefined;
  if (checked && !checked.ok)
    return { refused: toMcpResult({ content: checked.error, isError: true }) };
  const input = checked?.input ?? raw;
  const refused = await approvalOf(scope, name, input, extra);
  return refused ? { refused } : { value: input };
}

/**
 * Sends the tool's progress as `notifications/progress` for `token`; reports that do not
 * increase are dropped, since MCP requires progress to grow with each notification.
 */
function progressSender(token: string | number, extra: Extra): (report: ToolProgress) => void {
  let last = -Infinity;
  return (report) => {
    if (report.progress <= last) return;
    last = report.progress;
    extra
      .sendNotification({
        method: 'notifications/progress',
        params: { progressToken: token, ...report },
      })
      .catch(() => undefined);
  };
}

/**
 * Closes the HTTP stream of a cancelled request: the SDK sends no response to a cancelled
 * request, so over Streamable HTTP its stream would otherwise stay open until the client gives up.
 */
function closeStreamOnAbort(server: Server, extra: Extra): () => void {
  const transport = server.transport as { closeSSEStream?: (id: unknown) => void } | undefined;
  if (!transport?.closeSSEStream) return () => undefined;
  const onAbort = () => transport.closeSSEStream?.(extra.requestId);
  extra.signal.addEventListener('abort', onAbort, { once: true });
  return () => extra.signal.removeEventListener('abort', onAbort);
}

/**
 * Answers one `tools/call` request; malformed params throw `JsonRpcError` (-32602).
 * @example
 * server.fallbackRequestHandler = (request, extra) => handleToolCall(scope, request.params, extra);
 */
export async function handleToolCall(
  scope: CallScope,
  params: unknown,
  extra: Extra,
): Promise<CallToolResult | CreateTaskResult> {
  const call = readCallParams(params);
  if (call.task && scope.taskStore) return startTask(scope, scope.taskStore, call, extra);
  const { name, input: raw, progressToken } = call;
  const release = closeStreamOnAbort(scope.server, extra);
  try {
    const input = await approvedInput(scope, name, raw, extra);
    if ('refused' in input) return input.refused;
    const shape = scope.shapeOf(name);
    const outcome = await scope.registry.call(name, input.value, {
      toolUseId: toolUseIdOf(extra),
      signal: extra.signal,
      state: stateOf(scope, extra),
      ...(progressToken !== undefined ? { onProgress: progressSender(progressToken, extra) } : {}),
      ...(shape ? { returnValue: true } : {}),
    });
    return renderOutcome(scope, name, outcome);
  } finally {
    release();
  }
}

const stateOf = (scope: CallScope, extra: Extra): unknown =>
  scope.options.state?.({ sessionId: extra.sessionId, authInfo: extra.authInfo });

/** The MCP result of an outcome: its content, and its typed value as `structuredContent`. */
export function renderOutcome(
  scope: CallScope,
  name: string,
  outcome: ToolOutcome,
): CallToolResult {
  const result = toMcpResult(outcome);
  const shape = scope.shapeOf(name);
  if (!shape || outcome.isError || typeof outcome.content !== 'string') return result;
  result.structuredContent = structuredContentOf(shape, outcome.value, outcome.content);
  if (scope.checkResults) warnOnMismatch(scope, name, shape, result.structuredContent);
  return result;
}

/**
 * A task-augmented `tools/call` (MCP tasks): the tool must be long-running (-32601 otherwise,
 * as the specification asks of a tool whose `taskSupport` is forbidden); its input is
 * validated (and approved, when it needs approval) before the task and its job exist, and
 * invalid input is a -32602 error naming each problem. Answers the created task at once.
 */
async function startTask(
  scope: CallScope,
  store: JobTaskStore,
  call: CallParams,
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
  if (scope.needsApproval(name)) {
    const refused = await approvalOf(scope, name, input, extra);
    if (refused) throw new JsonRpcError(ErrorCode.InvalidRequest, textOf(refused));
  }
  const created = await store.createTask(
    { ...task, context: { toolUseId: toolUseIdOf(extra), state: stateOf(scope, extra) } },
    extra.requestId,
    { method: 'tools/call', params: { name, arguments: input } },
    extra.sessionId,
  );
  return { task: created };
}

const textOf = (result: CallToolResult): string =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

/** Logs (never throws) when a result does not match its tool's output schema. */
function warnOnMismatch(
  scope: CallScope,
  name: string,
  shape: OutputShape,
  structured: Record<string, unknown>,
): void {
  const problems = outputProblems(shape, structured);
  if (!problems.length) return;
  scope.options.logger?.warn(
    `Tool "${name}" returned a result that does not match its output schema: ${problems.join('; ')}`,
  );
}
