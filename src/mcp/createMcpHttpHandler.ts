/**
 * The Streamable HTTP endpoint of a registry as a plain Node request handler, so a bare
 * `http.Server`, Express or Nest can mount it. Stateful by default: each client session gets its
 * own transport and `Server` (the SDK binds one transport per server), which is what lets
 * `notifications/tools/list_changed` and approval elicitation reach the client between and
 * during calls; sessions end on DELETE, on idle timeout, or on `close()`. With `stateless`, each
 * POST is answered on its own by a fresh server, so instances behind a load balancer need no
 * session affinity. The session table is `McpSessions`; a session opened with an authenticated
 * caller on `req.auth` serves only that caller.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { cancelOnDisconnect } from './abortOnDisconnect';
import { callerDigest } from './callerDigest';
import { isTaskJobDispatcher } from '../calls/ToolJobDispatcher';
import { createMcpServer } from './createMcpServer';
import { McpSessions } from './McpSessions';
import { unboundCallerWarning } from './unboundCaller';
import { guardRequest } from './httpGuards';
import { bodyOf } from './readJsonBody';
import { clientKeyOf, StatelessCancellation } from './statelessCancellation';
import type { McpCancelRedis } from './statelessCancellation';
import type { HttpGuardOptions, HttpRejection } from './httpGuards';
import type { McpServerOptions, McpToolSource } from './types';

/** Options of the HTTP endpoint: the server's, the guards', and session limits. */
export interface McpHttpOptions extends McpServerOptions, HttpGuardOptions {
  /** Most sessions open at once; further `initialize` requests get 503. Default 1,000. */
  maxSessions?: number;
  /** A session with no open request (no listening stream, no call) this long is closed. Default 30 minutes. */
  sessionIdleMs?: number;
  /**
   * No sessions: every POST is answered on its own (GET and DELETE get 405), as the MCP SDK's
   * stateless mode does. For several instances behind a load balancer; server-to-client
   * requests (approval elicitation) and `tools/list_changed` need a session and are off.
   */
  stateless?: boolean;
  /**
   * Stateless mode behind a load balancer: a Redis client (ioredis) through which a
   * `notifications/cancelled` that reaches another instance than the one running the call is
   * forwarded to it (pub/sub on `toolwright:mcp:cancel`; a duplicate connection subscribes). A
   * cancel that reaches the running instance needs nothing; without Redis, one that reaches
   * another instance is dropped and the call runs to its end.
   */
  redis?: McpCancelRedis;
}

/** A mounted MCP endpoint. */
export interface McpHttpHandler {
  /** Answers one request to the endpoint (any method); `parsedBody` if a body parser ran. */
  handle(req: IncomingMessage, res: ServerResponse, parsedBody?: unknown): Promise<void>;
  /** The number of open sessions. */
  readonly sessionCount: number;
  /** Closes every session. */
  close(): Promise<void>;
}

/** Answers a refusal as a JSON-RPC error body, as the SDK's own checks do. */
export function sendRejection(res: ServerResponse, rejection: HttpRejection): void {
  if (res.headersSent) return void res.end();
  res.writeHead(rejection.status, { 'Content-Type': 'application/json', ...rejection.headers });
  res.end(
    JSON.stringify({
      jsonrpc: '2.0',
      error: { code: rejection.code ?? -32000, message: rejection.message },
      id: null,
    }),
  );
}

function sessionHeader(req: IncomingMessage): string | undefined {
  const value = req.headers['mcp-session-id'];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The MCP endpoint of a registry, for any Node HTTP stack.
 * @example
 * const mcp = createMcpHttpHandler(registry, { name: 'stocks', version: '1.0.0', allowedHosts: LOOPBACK_HOSTS });
 * http.createServer((req, res) => void mcp.handle(req, res)).listen(3000, '127.0.0.1');
 */
export function createMcpHttpHandler(
  registry: McpToolSource,
  options: McpHttpOptions,
): McpHttpHandler {
  const sessions = new McpSessions(
    () => createMcpServer(registry, options),
    options.sessionIdleMs ?? 30 * 60_000,
  );
  const maxSessions = options.maxSessions ?? 1000;
  const checkBinding = unboundCallerWarning(options.logger);
  const cancellation = options.stateless ? new StatelessCancellation(options.redis) : undefined;
  // Stateless, a caller that cannot be bound leaves its tasks unbound: said once too.
  const checkTasks =
    options.stateless && isTaskJobDispatcher(registry.jobs)
      ? unboundCallerWarning(options.logger, 'tasks')
      : undefined;

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    parsedBody?: unknown,
  ): Promise<void> {
    const rejection = guardRequest(req.headers, options);
    if (rejection) return sendRejection(res, rejection);
    const id = sessionHeader(req);
    try {
      const read = await bodyOf(req, parsedBody);
      if ('rejection' in read) return sendRejection(res, read.rejection);
      const { body } = read;
      if (cancellation) {
        const auth = (req as { auth?: unknown }).auth;
        checkTasks?.(auth, callerDigest(auth));
        return await handleStateless(registry, options, cancellation, req, res, body);
      }
      const owner = callerDigest((req as { auth?: unknown }).auth);
      if (id !== undefined) {
        // Another caller's session answers as an unknown one: its existence is not revealed.
        const session = sessions.get(id, owner);
        if (!session) return sendRejection(res, { status: 404, message: 'Session not found' });
        sessions.track(session, res);
        cancelOnDisconnect(session.transport, res, body);
        return await session.transport.handleRequest(req, res, body);
      }
      if (sessions.size >= maxSessions) {
        return sendRejection(res, {
          status: 503,
          message: 'Too many MCP sessions; try again later',
        });
      }
      checkBinding((req as { auth?: unknown }).auth, owner);
      const session = await sessions.open(owner);
      await session.transport.handleRequest(req, res, body);
      // Anything but a successful initialize leaves no session behind.
      if (session.transport.sessionId === undefined) await session.server.close();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      sendRejection(res, { status: 500, message: `Internal error: ${message}` });
    }
  }

  return {
    handle,
    get sessionCount() {
      return sessions.size;
    },
    async close() {
      await cancellation?.close();
      await sessions.closeAll();
    },
  };
}

/** Stateless: a fresh server and transport for this one request, closed with its response. */
async function handleStateless(
  registry: McpToolSource,
  options: McpHttpOptions,
  cancellation: StatelessCancellation,
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
): Promise<void> {
  if (req.method !== 'POST') {
    return sendRejection(res, {
      status: 405,
      message: 'Method not allowed: this MCP server is stateless (POST only)',
      headers: { Allow: 'POST' },
    });
  }
  // A fresh instance serves nothing before it listens to the others' cancels.
  await cancellation.listening();
  const server = createMcpServer(registry, options);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  res.once('close', () => void server.close().catch(() => undefined));
  await server.connect(transport);
  cancellation.attach(transport, clientKeyOf(req), res);
  cancelOnDisconnect(transport, res, body);
  await transport.handleRequest(req, res, body);
}
