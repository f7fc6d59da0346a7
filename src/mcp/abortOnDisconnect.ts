/**
 * Aborts the tool calls of an HTTP request whose client went away before its answer: the SDK
 * transport hears the JSON-RPC messages of a POST but never learns that its connection dropped.
 * The endpoint knows the requests a POST carries from its parsed body; if the response closes
 * before it finished, each is cancelled as if the client had sent `notifications/cancelled`,
 * which fires the tool's signal.
 */
import type { ServerResponse } from 'node:http';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** The ids of the JSON-RPC requests (not notifications or responses) in a parsed body. */
export function requestIdsOf(body: unknown): RequestId[] {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  const ids: RequestId[] = [];
  for (const message of messages) {
    if (typeof message !== 'object' || message === null || !('method' in message)) continue;
    const id = (message as { id?: unknown }).id;
    if (typeof id === 'string' || typeof id === 'number') ids.push(id);
  }
  return ids;
}

/** The notification that cancels request `id`. */
function cancellation(id: RequestId): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    method: 'notifications/cancelled',
    params: { requestId: id, reason: 'the client disconnected' },
  };
}

/**
 * When `res` closes before it finished, cancels the requests its POST carried (`body`, parsed).
 * @example
 * cancelOnDisconnect(transport, res, body);
 * await transport.handleRequest(req, res, body);
 */
export function cancelOnDisconnect(transport: Transport, res: ServerResponse, body: unknown): void {
  const ids = requestIdsOf(body);
  if (ids.length === 0) return;
  res.once('close', () => {
    if (res.writableFinished) return;
    for (const id of ids) transport.onmessage?.(cancellation(id));
  });
}
