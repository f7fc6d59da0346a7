/**
 * `toolwright/mcp`: serve any `ToolRegistry` to MCP clients, over stdio or Streamable HTTP,
 * on the official `@modelcontextprotocol/sdk` (an optional peer dependency: only this entry
 * loads it).
 * @example
 * import { createMcpServer } from 'toolwright/mcp';
 * import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
 * await createMcpServer(registry, { name: 'stocks', version: '1.0.0' }).connect(new StdioServerTransport());
 */
import './requirePeers';
export { createMcpServer } from './createMcpServer';
export { createMcpHttpHandler } from './createMcpHttpHandler';
export type { McpHttpHandler, McpHttpOptions } from './createMcpHttpHandler';
export type { McpCancelRedis, McpCancelSubscriber } from './statelessCancellation';
export { startMcpHttpServer } from './startMcpHttpServer';
export { mountMcpHttp } from './mountMcpHttp';
export type { MountMcpHttpOptions, RouteMountable } from './mountMcpHttp';
export type { McpHttpServerOptions, RunningMcpHttpServer } from './startMcpHttpServer';
export type { HttpGuardOptions } from './httpGuards';
export type {
  McpApprovalDecision,
  McpApprovalHook,
  McpApprovalRequest,
  McpCallInfo,
  McpServerOptions,
  McpToolSource,
} from './types';
