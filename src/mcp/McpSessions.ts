/**
 * The open sessions of a stateful Streamable HTTP endpoint: one transport and `Server` per
 * client session (the SDK binds one transport per server), found by `Mcp-Session-Id`, kept while
 * a request is open on them, and closed when idle past a limit, on DELETE, or on `closeAll()`.
 * A session opened by an authenticated caller is bound to that caller (a digest of its id, else
 * of its token): to anyone else, anonymous requests included, it does not exist, as the MCP
 * security best practices ask against session hijacking.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** One client session. */
export interface McpSession {
  transport: StreamableHTTPServerTransport;
  server: Server;
  /** When its last request ended (or began). */
  lastSeen: number;
  /** Requests still open: a listening GET stream or a long call keeps the session alive. */
  open: number;
  /** The digest of the caller who opened it (`callerDigest`); undefined for an anonymous one. */
  owner: string | undefined;
}

/** The table of open sessions, swept for idle ones. */
export class McpSessions {
  private readonly sessions = new Map<string, McpSession>();
  private readonly sweep: NodeJS.Timeout;

  /** `newServer` makes the `Server` of a new session; `idleMs` closes an idle one. */
  constructor(
    private readonly newServer: () => Server,
    private readonly idleMs: number,
  ) {
    this.sweep = setInterval(() => this.closeIdle(), Math.min(idleMs, 60_000));
    this.sweep.unref();
  }

  /** The number of open sessions. */
  get size(): number {
    return this.sessions.size;
  }

  /**
   * The session of an id if `owner` (the request's `callerDigest`) opened it, else undefined:
   * another caller's session is answered as if it did not exist.
   */
  get(id: string, owner: string | undefined): McpSession | undefined {
    const session = this.sessions.get(id);
    return session && session.owner === owner ? session : undefined;
  }

  /**
   * A fresh transport and server for a request without a session (an `initialize`, or a
   * stray); it joins the table once the SDK has initialised it, bound to `owner`.
   */
  async open(owner: string | undefined): Promise<McpSession> {
    const server = this.newServer();
    const session: McpSession = {
      server,
      transport: undefined as never,
      lastSeen: Date.now(),
      open: 0,
      owner,
    };
    session.transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => void this.sessions.set(id, session),
      onsessionclosed: (id) => void this.sessions.delete(id),
    });
    session.transport.onclose = () => {
      const id = session.transport.sessionId;
      if (id && this.sessions.get(id) === session) this.sessions.delete(id);
    };
    await server.connect(session.transport);
    return session;
  }

  /** Counts a request as open on its session until its response closes. */
  track(session: McpSession, res: ServerResponse): void {
    session.open++;
    session.lastSeen = Date.now();
    res.once('close', () => {
      session.open--;
      session.lastSeen = Date.now();
    });
  }

  /** Stops the sweep and closes every session. */
  async closeAll(): Promise<void> {
    clearInterval(this.sweep);
    const open = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(open.map((session) => session.server.close().catch(() => undefined)));
  }

  private closeIdle(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions) {
      if (session.open === 0 && now - session.lastSeen > this.idleMs) {
        this.sessions.delete(id);
        void session.server.close().catch(() => undefined);
      }
    }
  }
}
