/**
 * Cancellation in stateless mode. Each stateless POST is answered by a fresh server, so the
 * POST that carries `notifications/cancelled` never reaches the server running the call, and
 * behind a load balancer it may reach another instance. This table keeps every in-flight
 * request of the endpoint under its client and JSON-RPC id; a cancel is delivered to the one it
 * names on this instance, or, when it runs elsewhere, published on a Redis channel every
 * instance given the same Redis listens to.
 *
 * JSON-RPC ids are only unique per client, and a stateless client has no session: the client
 * is told apart by its `Authorization` header. When two requests share a key (two clients with
 * no credentials, or the same ones, using one id at once), the cancel is dropped rather than
 * guessed, as the protocol allows (cancellation is advisory).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** The channel instances publish cancels on, unless the options name another. */
export const CANCEL_CHANNEL = 'toolwright:mcp:cancel';

/** How long a request waits for a fresh instance to listen before it is served anyway. */
export const LISTEN_WAIT_MS = 2000;

/** The Redis client a stateless endpoint forwards cancels through (an ioredis `Redis`). */
export interface McpCancelRedis {
  /** Publishes a cancel for the instance running the call. */
  publish(channel: string, message: string): Promise<unknown>;
  /** A second connection for the subscription (a subscribed connection runs nothing else). */
  duplicate(): McpCancelSubscriber;
}

/** The subscribing connection `duplicate()` returns. */
export interface McpCancelSubscriber {
  /** Listens on the cancel channel. */
  subscribe(channel: string): Promise<unknown>;
  /** Receives the cancels published on the channel. */
  on(event: 'message', listener: (channel: string, message: string) => void): unknown;
  /** Closes the connection, when the endpoint closes. */
  quit(): Promise<unknown>;
}

type Deliver = (message: JSONRPCMessage) => void;

/** Who sent a request, as far as a stateless endpoint can tell: a digest of its credentials. */
export function clientKeyOf(req: IncomingMessage): string {
  const credentials = req.headers.authorization ?? '';
  return createHash('sha256').update(credentials).digest('base64url').slice(0, 22);
}

const keyOf = (client: string, id: RequestId): string => `${client}:${JSON.stringify(id)}`;

/** Whether a message is the cancel notification, with the id it names. */
function cancelled(message: JSONRPCMessage): { requestId: RequestId; reason?: string } | undefined {
  if (!('method' in message) || message.method !== 'notifications/cancelled') return undefined;
  const params = (message as { params?: { requestId?: unknown; reason?: unknown } }).params;
  const id = params?.requestId;
  if (typeof id !== 'string' && typeof id !== 'number') return undefined;
  return { requestId: id, reason: typeof params?.reason === 'string' ? params.reason : undefined };
}

/** The in-flight requests of one stateless endpoint, and its link to the other instances. */
export class StatelessCancellation {
  private readonly inflight = new Map<string, Set<Deliver>>();
  private readonly subscriber: McpCancelSubscriber | undefined;
  private readonly ready: Promise<unknown> | undefined;
  private subscribed = false;

  constructor(
    private readonly redis?: McpCancelRedis,
    private readonly channel = CANCEL_CHANNEL,
  ) {
    if (!redis) return;
    this.subscriber = redis.duplicate();
    this.subscriber.on('message', (from, text) => {
      if (from !== channel) return;
      try {
        const { key, requestId, reason } = JSON.parse(text) as {
          key: string;
          requestId: RequestId;
          reason?: string;
        };
        this.deliverHere(key, requestId, reason);
      } catch {
        // Not ours: ignored.
      }
    });
    this.ready = this.subscriber.subscribe(channel).then(
      () => void (this.subscribed = true),
      () => undefined,
    );
  }

  /**
   * Resolves once the instance listens for cancels from the others (at once without Redis), or
   * after `ms` while Redis does not answer. The endpoint serves a request only then, so a call
   * never runs on an instance that would drop a cancel published for it.
   */
  async listening(ms = LISTEN_WAIT_MS): Promise<void> {
    if (!this.ready || this.subscribed) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    await Promise.race([this.ready, late]);
    clearTimeout(timer);
  }

  /**
   * Follows one stateless request's transport: the requests it carries are in flight until its
   * response closes, and a cancel it carries is delivered where the named call runs. Call
   * after `server.connect(transport)`.
   */
  attach(transport: Transport, client: string, res: ServerResponse): void {
    const deliver = transport.onmessage;
    if (!deliver) return;
    const inner: Deliver = (message) => deliver(message);
    transport.onmessage = (message, extra) => {
      const cancel = cancelled(message);
      if (cancel) {
        void this.cancel(client, cancel.requestId, cancel.reason);
        return;
      }
      if ('method' in message && 'id' in message) this.track(keyOf(client, message.id), inner, res);
      deliver(message, extra);
    };
  }

  /** Stops listening to the other instances. */
  async close(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }

  private track(key: string, deliver: Deliver, res: ServerResponse): void {
    const set = this.inflight.get(key) ?? new Set<Deliver>();
    set.add(deliver);
    this.inflight.set(key, set);
    res.once('close', () => {
      set.delete(deliver);
      if (set.size === 0 && this.inflight.get(key) === set) this.inflight.delete(key);
    });
  }

  private async cancel(client: string, requestId: RequestId, reason?: string): Promise<void> {
    const key = keyOf(client, requestId);
    if (this.deliverHere(key, requestId, reason)) return;
    const message = JSON.stringify({ key, requestId, ...(reason ? { reason } : {}) });
    await this.redis?.publish(this.channel, message).catch(() => undefined);
  }

  /** Cancels the one request under `key` on this instance; false when none (or not one). */
  private deliverHere(key: string, requestId: RequestId, reason?: string): boolean {
    const targets = this.inflight.get(key);
    if (!targets || targets.size !== 1) return false;
    const [deliver] = targets;
    deliver!({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId, ...(reason ? { reason } : {}) },
    });
    return true;
  }
}
