/**
 * Both MCP revisions, 2025-11-25 and 2026-07-28, on one endpoint: published as `toolwright/mcp2`.
 *
 * Serves a `ToolRegistry` to MCP clients of either revision, 2025-11-25 (through `toolwright/mcp`'s
 * server on `@modelcontextprotocol/sdk` 1.x) and 2026-07-28 (on the SDK 2.x
 * `@modelcontextprotocol/server` and `@modelcontextprotocol/node`), over stdio or Streamable HTTP.
 * The subpath is named after the SDK major it adds (kept as published); this folder after what it
 * serves. The same options and handles as `toolwright/mcp`; switching is changing the import.
 * @example
 * import { startMcpHttpServer } from 'toolwright/mcp2';
 * const { url } = await startMcpHttpServer(registry, { name: 'stocks', version: '1.0.0', port: 3000 });
 */
import './requirePeers';
export { createMcpHttpHandler } from './createMcpHttpHandler';
export type { DualMcpHttpOptions } from './createMcpHttpHandler';
export { startMcpHttpServer, mountMcpHttp } from './startMcpHttpServer';
export type { DualMcpHttpServerOptions, DualMountMcpHttpOptions } from './startMcpHttpServer';
export { serveStdio } from './serveStdio';
export type { McpStdioServer, McpStdioStreams } from './serveStdio';
export { createModernMcpServer, MODERN_REVISION } from './createModernMcpServer';
export { metadataUrlOf, protectedResourceMetadata } from './authenticate';
export type { McpAuthOptions, ProtectedResourceOptions } from './authenticate';
export type { DualMcpServerOptions } from './types';
export type { McpHttpHandler } from '../mcp/createMcpHttpHandler';
export type { McpHttpOptions } from '../mcp/createMcpHttpHandler';
export type { McpHttpServerOptions, RunningMcpHttpServer } from '../mcp/startMcpHttpServer';
export type { MountMcpHttpOptions, RouteMountable } from '../mcp/mountMcpHttp';
export type { HttpGuardOptions } from '../mcp/httpGuards';
export type { McpCancelRedis, McpCancelSubscriber } from '../mcp/statelessCancellation';
export type {
  McpApprovalDecision,
  McpApprovalHook,
  McpApprovalRequest,
  McpCallInfo,
  McpServerOptions,
  McpToolSource,
} from '../mcp/types';
