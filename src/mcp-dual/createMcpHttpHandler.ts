/**
 * The one Streamable HTTP endpoint that serves both revisions: each request is classified with
 * the SDK's own `isLegacyRequest` (the code `createMcpHandler` routes with); 2025-era traffic
 * (an `initialize`, a session's requests, GET/DELETE) goes to the `toolwright/mcp` endpoint,
 * stateful or stateless as configured, with its tasks, elicitation and Redis cancellation; every
 * other request to the SDK 2.x `createMcpHandler` (2026-07-28, `legacy: 'reject'`), which answers
 * `server/discover`, checks the headers against the body (-32020) and unknown versions (-32022).
 * Authentication runs first, for both.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import {
  createMcpHttpHandler as createLegacyHandler,
  sendRejection,
} from '../mcp/createMcpHttpHandler';
import type { McpHttpHandler, McpHttpOptions } from '../mcp/createMcpHttpHandler';
import { guardRequest } from '../mcp/httpGuards';
import { bodyOf } from '../mcp/readJsonBody';
import type { McpToolSource } from '../mcp/types';
import { authenticate } from './authenticate';
import type { McpAuthOptions } from './authenticate';
import { createModernMcpServer } from './createModernMcpServer';
import type { DualMcpServerOptions } from './types';

/** Options of the dual endpoint: the 2025 endpoint's, the 2026 server's, and authentication. */
export interface DualMcpHttpOptions extends McpHttpOptions, DualMcpServerOptions, McpAuthOptions {}

/**
 * The MCP endpoint of a registry for both revisions, for any Node HTTP stack; the same options
 * and handle as `toolwright/mcp`'s `createMcpHttpHandler`.
 * @example
 * const mcp = createMcpHttpHandler(registry, { name: 'stocks', version: '1.0.0', allowedHosts: LOOPBACK_HOSTS });
 * http.createServer((req, res) => void mcp.handle(req, res)).listen(3000, '127.0.0.1');
 */
export function createMcpHttpHandler(
  registry: McpToolSource,
  options: DualMcpHttpOptions,
): McpHttpHandler {
  const authenticated =
    options.verifyToken !== undefined ||
    options.token !== undefined ||
    options.callerOf !== undefined;
  const serverOptions = { ...options, authenticated };
  // The 2025 endpoint does its own guards again; ours ran first, so they pass.
  const legacy = createLegacyHandler(registry, serverOptions);
  const modern = createMcpHandler(() => createModernMcpServer(registry, serverOptions), {
    legacy: 'reject',
    onerror: (error) => options.logger?.warn(`MCP: ${error.message}`),
  });
  const serveModern = toNodeHandler(modern);
  const unsubscribe = registry.onChange(() => modern.notify.toolsChanged());

  async function handle(
    req: IncomingMessage,
    res: ServerResponse,
    parsedBody?: unknown,
  ): Promise<void> {
    const rejection = guardRequest(req.headers, options) ?? (await authenticate(req, options));
    if (rejection) return sendRejection(res, rejection);
    const read = await bodyOf(req, parsedBody);
    if ('rejection' in read) return sendRejection(res, read.rejection);
    const { body } = read;
    try {
      const request = await toWebRequest(req, body);
      if (await isLegacyRequest(request, body)) return await legacy.handle(req, res, body);
      await serveModern(req, res, body);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      sendRejection(res, { status: 500, message: `Internal error: ${message}` });
    }
  }

  return {
    handle,
    get sessionCount() {
      return legacy.sessionCount;
    },
    async close() {
      unsubscribe();
      await Promise.all([legacy.close(), modern.close()]);
    },
  };
}
