/**
 * `toolwright/nest`: the NestJS module. The only part of toolwright that imports `@nestjs/*`
 * (optional peer dependencies); `import 'toolwright'` never loads them.
 */
import './requirePeers';
import { ToolAgent as Agent } from '../agent/ToolAgent';
import { ToolRegistry as Registry } from '../registry/ToolRegistry';
export { ToolwrightModule } from './ToolwrightModule';
export { PausingToolAgent } from './PausingToolAgent';
export {
  ANTHROPIC_CLIENT,
  MCP_HANDLER,
  MCP_OPTIONS,
  SEARCH_TOOLS_OPTIONS,
  SQL_REGISTRY,
  SQL_TOOLS_OPTIONS,
  TOOLWRIGHT_OPTIONS,
} from './constants';
export { ToolwrightMcpModule } from './ToolwrightMcpModule';
export type {
  McpEndpointOptions,
  ToolwrightMcpModuleAsyncOptions,
  ToolwrightMcpModuleOptions,
} from './ToolwrightMcpModule';
export { userCallerOf } from './mcpCaller';
export type { McpRequestUser } from './mcpCaller';
export type { McpGuard } from './mcpEndpoint';
export { SqlToolsModule } from './SqlToolsModule';
export { SearchToolsModule } from './SearchToolsModule';
export type { SearchToolsModuleAsyncOptions, SearchToolsModuleOptions } from './SearchToolsModule';
export { ToolContribution } from './ToolContribution';
export type { ContributedAccess } from './ToolContribution';
export type { SqlToolsModuleAsyncOptions, SqlToolsModuleOptions } from './SqlToolsModule';
// The SQL types `SqlToolsModuleOptions` names, so this entry's signatures resolve on their own.
export type {
  ColumnInfo,
  QueryAnswer,
  QueryBudget,
  QueryFailure,
  QueryRows,
  SqlCell,
  SqlEngine,
  TableDescription,
  TableSummary,
} from '../sql/SqlEngine';
export type { SqlToolsOptions } from '../sql/createSqlTools';
// The search and MCP types the search and MCP modules' options name.
export type { SearchBudget } from '../search/budget';
export type { Freshness, SearchHit, SearchRequest, SearchSource } from '../search/types';
export type { DualMcpHttpOptions } from '../mcp-dual/createMcpHttpHandler';
export type { DualMcpServerOptions } from '../mcp-dual/types';
export type { McpAuthOptions, ProtectedResourceOptions } from '../mcp-dual/authenticate';
export type { McpHttpHandler, McpHttpOptions } from '../mcp/createMcpHttpHandler';
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
export type { SqlToolsLimits } from '../sql/sqlToolsLimits';
export type {
  ToolwrightAgentOptions,
  ToolwrightModuleAsyncOptions,
  ToolwrightModuleOptions,
  ToolwrightOptionsFactory,
} from './types';

/**
 * The root entry's `ToolRegistry`, re-exported here.
 * @deprecated Import `ToolRegistry` from `toolwright`; this re-export goes in the next minor version.
 */
export const ToolRegistry = Registry;
/**
 * The root entry's `ToolRegistry` type, re-exported here.
 * @deprecated Import `ToolRegistry` from `toolwright`; this re-export goes in the next minor version.
 */
export type ToolRegistry = Registry;
/**
 * The root entry's `ToolAgent`, re-exported here.
 * @deprecated Import `ToolAgent` from `toolwright`; this re-export goes in the next minor version.
 */
export const ToolAgent = Agent;
/**
 * The root entry's `ToolAgent` type, re-exported here.
 * @deprecated Import `ToolAgent` from `toolwright`; this re-export goes in the next minor version.
 */
export type ToolAgent = Agent;
