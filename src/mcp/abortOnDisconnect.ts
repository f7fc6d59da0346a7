/**
 * Aborts the tool calls of an HTTP request whose client went away before its answer: the SDK
 * transport hears the JSON-RPC messages of a POST but never learns that its connection dropped.
 * The handler runs each request in an async context that collects the ids of the requests it
 * carries; if the response closes before it finished, each is cancelled as if the client had
 * sent `notifications/cancelled`, which fires the tool's signal.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** The JSON-RPC request ids one HTTP request carried. */
type Carried = RequestId[];

const current = new AsyncLocalStorage<Carried>();

/**
 * Wraps the connected transport's `onmessage` so requests are recorded against the HTTP request
 * in whose context they arrive. Call once, after `server.connect(transport)`.
 */
export function recordRequestIds(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    const carried = current.getStore();
    if (carried && 'method' in message && 'id' in message) carried.push(message.id);
    deliver(message, extra);
  };
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
 * Runs `handle` for one HTTP request; when `res` closes unfinished, cancels what it carried.
 * @example
 * await cancelOnDisconnect(transport, res, () => transport.handleRequest(req, res, body));
 */
export async function cancelOnDisconnect(
  transport: Transport,
  res: ServerResponse,
  handle: () => Promise<void>,
): Promise<void> {
  const carried: Carried = [];
  res.once('close', () => {
    if (res.writableFinished) return;
    for (const id of carried) transport.onmessage?.(cancellation(id));
  });
  await current.run(carried, handle);
}
