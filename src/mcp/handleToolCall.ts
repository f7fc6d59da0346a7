/**
 * One 2025 (SDK 1.x) `tools/call`, from the raw JSON-RPC params to the MCP result: params
 * checked (-32602 when malformed), then the shared call path (`mcpToolCall`: access, approval,
 * the call, its rendering) on this request's port (`portOf`), or, for a task-augmented call, the
 * task (`startTask`). What is the SDK's alone stays here: closing a cancelled request's stream.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { CreateTaskResult } from '@modelcontextprotocol/sdk/experimental/tasks/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { readCallParams } from './callParams';
import { portOf } from './callScope';
import type { CallScope, Extra } from './callScope';
import { mcpToolCall } from './mcpToolCall';
import { startTask } from './startTask';

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
  const port = portOf(scope, extra);
  // Through the same pipeline as `mcpToolCall`: the caller's access before anything else.
  if (call.task && scope.taskStore) return startTask(scope, scope.taskStore, call, port, extra);
  const release = closeStreamOnAbort(scope.server, extra);
  try {
    return await mcpToolCall(scope, call, port);
  } finally {
    release();
  }
}
