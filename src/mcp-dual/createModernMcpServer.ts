/**
 * The MCP server of a registry for the 2026-07-28 revision, on the SDK 2.x low-level `Server`:
 * the same tool table as the 2025 server (`toolsView`, `toMcpTool`, the `pageCursor` paging),
 * cache hints on `tools/list`, and `tools/call` through `modernToolCall`. One instance serves one
 * request (`createMcpHandler` asks the factory for each); `server/discover` is the SDK's.
 */
import { Server } from '@modelcontextprotocol/server';
import type { CacheHint, ListToolsResult } from '@modelcontextprotocol/server';
import { callerOf } from '../mcp/callerOf';
import { DEFAULT_PAGE_SIZE, pageOf } from '../mcp/listTools';
import { toolsViewOf, visibleTools } from '../mcp/toolsView';
import type { McpToolSource } from '../mcp/types';
import { modernToolCall } from './modernToolCall';
import type { ModernScope } from './modernToolCall';
import type { DualMcpServerOptions } from './types';

/** The revision this server speaks. */
export const MODERN_REVISION = '2026-07-28';

/**
 * The cache hint of `tools/list` and `server/discover`: `private` whenever what a caller sees may
 * depend on who it is (the registry has tools with `scopes`/`roles`, or the endpoint
 * authenticates), so a shared cache never hands one caller's list to another.
 */
function listHint(registry: McpToolSource, options: DualMcpServerOptions): CacheHint {
  const view = toolsViewOf(registry)();
  const personal = view.access.size > 0 || options.authenticated === true;
  return { ttlMs: options.listTtlMs ?? 60_000, cacheScope: personal ? 'private' : 'public' };
}

/**
 * A 2026-07-28 server of the registry, for one request.
 * @example
 * const handler = createMcpHandler(() => createModernMcpServer(registry, options), { legacy: 'reject' });
 */
export function createModernMcpServer(
  registry: McpToolSource,
  options: DualMcpServerOptions,
): Server {
  const currentView = toolsViewOf(registry);
  const hint = listHint(registry, options);
  const server = new Server(
    { name: options.name, version: options.version },
    {
      capabilities: { tools: { listChanged: true }, logging: {} },
      supportedProtocolVersions: [MODERN_REVISION],
      cacheHints: { 'tools/list': hint, 'server/discover': hint },
      ...(options.instructions ? { instructions: options.instructions } : {}),
    },
  );
  const scope: ModernScope = {
    registry,
    options,
    shapeOf: (name) => currentView().shapes.get(name),
    needsApproval: (name) => currentView().approval.has(name),
    accessOf: (name) => currentView().access.get(name),
    checkResults: options.checkResults ?? process.env.NODE_ENV !== 'production',
  };
  server.setRequestHandler('tools/list', (request, ctx) => {
    // No tasks on this revision until the SDK serves the tasks extension: no taskSupport either.
    const tools = visibleTools(currentView(), callerOf(ctx.http?.authInfo)).map((tool) => {
      if (!tool.execution) return tool;
      const { execution: _tasks, ...rest } = tool;
      return rest;
    });
    const page = pageOf(tools, request.params?.cursor, options.pageSize ?? DEFAULT_PAGE_SIZE);
    return page as unknown as ListToolsResult;
  });
  server.setRequestHandler('tools/call', (request, ctx) =>
    modernToolCall(scope, request.params, ctx),
  );
  return server;
}
