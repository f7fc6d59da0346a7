/**
 * The standalone server and the Express/Nest mount of the dual-revision endpoint: those of
 * `toolwright/mcp` around this entry's handler, plus the RFC 9728 metadata document at
 * `/.well-known/oauth-protected-resource` (and that path with the endpoint's appended) when
 * `protectedResource` is set.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mountMcpHttpWith } from '../mcp/mountMcpHttp';
import type { MountMcpHttpOptions, RouteMountable } from '../mcp/mountMcpHttp';
import type { McpHttpHandler } from '../mcp/createMcpHttpHandler';
import { serveMcpHttp } from '../mcp/startMcpHttpServer';
import type { McpHttpServerOptions, RunningMcpHttpServer } from '../mcp/startMcpHttpServer';
import type { McpToolSource } from '../mcp/types';
import { protectedResourceMetadata } from './authenticate';
import type { ProtectedResourceOptions } from './authenticate';
import { createMcpHttpHandler } from './createMcpHttpHandler';
import type { DualMcpHttpOptions } from './createMcpHttpHandler';

/** Options of `startMcpHttpServer`: the endpoint's and the standalone server's. */
export interface DualMcpHttpServerOptions extends DualMcpHttpOptions, McpHttpServerOptions {}

/** Options of `mountMcpHttp`: the endpoint's and the mount's. */
export interface DualMountMcpHttpOptions extends DualMcpHttpOptions, MountMcpHttpOptions {}

/** The paths of the metadata document (bare, and with the endpoint's path, RFC 9728 §3.1). */
function metadataPaths(path: string): string[] {
  const base = '/.well-known/oauth-protected-resource';
  return [base, `${base}${path}`];
}

function metadataRoute(options: ProtectedResourceOptions) {
  const body = JSON.stringify(protectedResourceMetadata(options));
  return (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'max-age=3600' });
    res.end(body);
  };
}

/**
 * Serves a registry to clients of both revisions over Streamable HTTP.
 * @example
 * const { url, close } = await startMcpHttpServer(registry, { name: 'stocks', version: '1.0.0', port: 0 });
 */
export function startMcpHttpServer(
  registry: McpToolSource,
  options: DualMcpHttpServerOptions,
): Promise<RunningMcpHttpServer> {
  const resource = options.protectedResource;
  const routes = resource
    ? Object.fromEntries(
        metadataPaths(options.path ?? '/mcp').map((p) => [p, metadataRoute(resource)]),
      )
    : {};
  return serveMcpHttp(createMcpHttpHandler, registry, options, routes);
}

/**
 * Serves a registry to clients of both revisions at `path` of an Express-style app (a Nest app's
 * `getHttpAdapter().getInstance()`), with the metadata document when `protectedResource` is set.
 * @example
 * const mcp = mountMcpHttp(app.getHttpAdapter().getInstance(), registry, { name: 'shop', version: '1.0.0' });
 */
export function mountMcpHttp(
  app: RouteMountable,
  registry: McpToolSource,
  options: DualMountMcpHttpOptions,
): McpHttpHandler {
  const resource = options.protectedResource;
  if (resource)
    for (const path of metadataPaths(options.path ?? '/mcp'))
      app.all(path, metadataRoute(resource));
  return mountMcpHttpWith(createMcpHttpHandler, app, registry, options);
}
