/**
 * A standalone Streamable HTTP MCP server: a Node `http.Server` answering at one path (`/mcp`),
 * bound to loopback unless told otherwise, with the loopback Host allow-list on by default, and
 * slow clients cut off within about a second of their limits (headers in 30 s, the whole request
 * in 60 s; see `slowClientLimits`). What `toolwright mcp --http` runs; usable from code too.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHttpHandler, sendRejection } from './createMcpHttpHandler';
import type { McpHttpHandler, McpHttpOptions } from './createMcpHttpHandler';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isLoopbackHost, LOOPBACK_HOSTS } from './httpGuards';
import { slowClientLimits } from './slowClientLimits';
import type { McpToolSource } from './types';

/** Options of `startMcpHttpServer`. */
export interface McpHttpServerOptions extends McpHttpOptions {
  /** The port; 0 picks a free one. Default 0. */
  port?: number;
  /** The address to bind. Default `127.0.0.1`. */
  host?: string;
  /** The endpoint's path. Default `/mcp`. */
  path?: string;
  /** A client that has not sent its request headers in this long is cut off (408), checked every second at most. Default 30 s. */
  headersTimeoutMs?: number;
  /** A client that has not sent its whole request (headers and body) in this long is cut off. Default 60 s. */
  requestTimeoutMs?: number;
}

/** A running MCP HTTP server. */
export interface RunningMcpHttpServer {
  /** The endpoint, e.g. `http://127.0.0.1:51234/mcp`. */
  url: string;
  /** The bound port. */
  port: number;
  /** The number of open MCP sessions. */
  readonly sessionCount: number;
  /** Closes every session and stops listening. */
  close(): Promise<void>;
}

/** A host as it appears in a URL (IPv6 in brackets). */
function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * Serves a registry over Streamable HTTP.
 * @example
 * const { url, close } = await startMcpHttpServer(registry, { name: 'stocks', version: '1.0.0', port: 0 });
 */
export function startMcpHttpServer(
  registry: McpToolSource,
  options: McpHttpServerOptions,
): Promise<RunningMcpHttpServer> {
  return serveMcpHttp(createMcpHttpHandler, registry, options);
}

/** Answers one request of a path besides the endpoint's (the OAuth metadata of `toolwright/mcp2`). */
export type ExtraRoute = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The standalone server around any endpoint of the same shape (this entry's, `toolwright/mcp2`'s),
 * with extra routes by exact path.
 * @example
 * return serveMcpHttp(createMcpHttpHandler, registry, options);
 */
export async function serveMcpHttp<Options extends McpHttpServerOptions>(
  makeHandler: (registry: McpToolSource, options: Options) => McpHttpHandler,
  registry: McpToolSource,
  options: Options,
  routes: Readonly<Record<string, ExtraRoute>> = {},
): Promise<RunningMcpHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const allowedHosts = options.allowedHosts ?? (isLoopbackHost(host) ? LOOPBACK_HOSTS : undefined);
  const handler = makeHandler(registry, { ...options, allowedHosts });

  const limits = slowClientLimits(options.headersTimeoutMs, options.requestTimeoutMs);
  const server = createServer(limits, (req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    const route = Object.hasOwn(routes, pathname) ? routes[pathname] : undefined;
    if (route && pathname !== path) return route(req, res);
    if (pathname !== path)
      return sendRejection(res, { status: 404, message: `Not found; the MCP endpoint is ${path}` });
    void handler.handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${urlHost(host)}:${port}${path}`,
    port,
    get sessionCount() {
      return handler.sessionCount;
    },
    async close() {
      await handler.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
