/**
 * Mounts the MCP Streamable HTTP endpoint on an existing Express-style app, such as a Nest
 * application's `app.getHttpAdapter().getInstance()` on `@nestjs/platform-express`. The Nest
 * module can call this; the caller closes the returned handler on shutdown.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createMcpHttpHandler } from './createMcpHttpHandler';
import type { McpHttpHandler, McpHttpOptions } from './createMcpHttpHandler';
import { LOOPBACK_HOSTS } from './httpGuards';
import { slowClientLimits } from './slowClientLimits';
import type { McpToolSource } from './types';

/** The one method of an Express-style app this needs. */
export interface RouteMountable {
  /** Routes every method on `path` to `handler` (Express's `app.all`). */
  all(
    path: string,
    handler: (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => void,
  ): unknown;
}

/** Options of `mountMcpHttp`. */
export interface MountMcpHttpOptions extends McpHttpOptions {
  /** The endpoint's path. Default `/mcp`. */
  path?: string;
  /**
   * Check `Host` against DNS rebinding. Default true: `allowedHosts`, or the loopback names when
   * none are given; pass `allowedHosts` (or `false` here, behind a token) for a public server.
   */
  dnsRebindingProtection?: boolean;
  /**
   * The app's Node server (Nest: `app.getHttpServer()`), before it listens. When given, it gets
   * the standalone server's slow-client limits (`headersTimeoutMs`, `requestTimeoutMs`, checked
   * every second at most); without it the app's own server settings apply.
   */
  httpServer?: Server;
  /** A client that has not sent its request headers in this long is cut off (408). Default 30 s; needs `httpServer`. */
  headersTimeoutMs?: number;
  /** A client that has not sent its whole request in this long is cut off. Default 60 s; needs `httpServer`. */
  requestTimeoutMs?: number;
}

/**
 * Serves a registry over MCP at `path` of an Express-style app; a body already parsed by the
 * app's JSON parser is used as is. On Nest, mount before `app.init()`/`app.listen()`: routes
 * added later sit behind Nest's not-found handler.
 * @example
 * const app = await NestFactory.create(AppModule);
 * const mcp = mountMcpHttp(app.getHttpAdapter().getInstance(), registry, {
 *   name: 'shop', version: '1.0.0', httpServer: app.getHttpServer(),
 * });
 * await app.listen(3000, '127.0.0.1');
 */
export function mountMcpHttp(
  app: RouteMountable,
  registry: McpToolSource,
  options: MountMcpHttpOptions,
): McpHttpHandler {
  return mountMcpHttpWith(createMcpHttpHandler, app, registry, options);
}

/**
 * `mountMcpHttp` for any endpoint of the same shape (this entry's, `toolwright/mcp2`'s).
 * @example
 * return mountMcpHttpWith(createMcpHttpHandler, app, registry, options);
 */
export function mountMcpHttpWith<Options extends MountMcpHttpOptions>(
  makeHandler: (registry: McpToolSource, options: Options) => McpHttpHandler,
  app: RouteMountable,
  registry: McpToolSource,
  options: Options,
): McpHttpHandler {
  if (options.httpServer)
    Object.assign(
      options.httpServer,
      slowClientLimits(options.headersTimeoutMs, options.requestTimeoutMs),
    );
  const protect = options.dnsRebindingProtection ?? true;
  const handler = makeHandler(registry, {
    ...options,
    allowedHosts: protect ? (options.allowedHosts ?? LOOPBACK_HOSTS) : undefined,
  });
  app.all(options.path ?? '/mcp', (req, res) => void handler.handle(req, res, req.body));
  return handler;
}
