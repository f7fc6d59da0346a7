/**
 * One `tools/call`, from the raw JSON-RPC params to the MCP result: params checked (-32602 when
 * malformed), approval, the registry call with the client's cancellation signal and progress
 * token, and the typed result as `structuredContent` next to its JSON text. Apart from
 * `createMcpServer` so the wiring reads in one place and the call in another.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CreateTaskResult } from '@modelcontextprotocol/sdk/experimental/tasks/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolOutcome } from '../calls/ToolOutcome';
import type { ToolProgress } from '../calls/ToolCallContext';
import { readCallParams } from './callParams';
import { approvalOf, refusal, stateOf, toolUseIdOf } from './callScope';
import { accessDenied } from '../calls/ToolCaller';
import { callerOf } from './callerOf';
import type { CallScope, Extra } from './callScope';
import type { OutputShape } from './outputShape';
import { outputProblems, structuredContentOf } from './outputShape';
import { toMcpResult } from './toMcpResult';
import { startTask } from './startTask';

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
  toolUseId: string,
): Promise<{ value: unknown } | { refused: CallToolResult }> {
  if (!scope.needsApproval(name)) return { value: raw };
  const checked = scope.registry.check ? await scope.registry.check(name, raw) : undefined;
  if (checked && !checked.ok)
    return { refused: toMcpResult({ content: checked.error, isError: true }) };
  const input = checked?.input ?? raw;
  const refused = await approvalOf(scope, name, input, extra, toolUseId);
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
  const { name, input: raw, progressToken } = call;
  // Refused before anything else, validation included: a caller learns nothing of a tool's input.
  const caller = callerOf(extra.authInfo);
  const denied = accessDenied(scope.accessOf(name), caller);
  if (denied) return refusal(name, denied);
  if (call.task && scope.taskStore) return startTask(scope, scope.taskStore, call, extra);
  const release = closeStreamOnAbort(scope.server, extra);
  try {
    const toolUseId = toolUseIdOf(extra);
    const input = await approvedInput(scope, name, raw, extra, toolUseId);
    if ('refused' in input) return input.refused;
    const shape = scope.shapeOf(name);
    const outcome = await scope.registry.call(name, input.value, {
      toolUseId,
      signal: extra.signal,
      state: stateOf(scope, extra),
      ...(caller ? { caller } : {}),
      ...(progressToken !== undefined ? { onProgress: progressSender(progressToken, extra) } : {}),
      ...(shape ? { returnValue: true } : {}),
    });
    return renderOutcome(scope, name, outcome);
  } finally {
    release();
  }
}

/** The MCP result of an outcome: its content, and its typed value as `structuredContent`. */
export function renderOutcome(
  scope: Pick<CallScope, 'shapeOf' | 'checkResults' | 'options'>,
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

/** Logs (never throws) when a result does not match its tool's output schema. */
function warnOnMismatch(
  scope: Pick<CallScope, 'options'>,
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
