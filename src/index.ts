/**
 * toolwright: declarative LLM tools for TypeScript services. Decorators, the registry,
 * the manifest types and the wire formats. Loads neither NestJS nor the MCP SDK.
 */
import 'reflect-metadata';

export { Tool } from './decorators/Tool';
export { Param } from './decorators/Param';
export { Params } from './decorators/Params';
export { Ctx } from './decorators/Ctx';
export { ToolRegistry, DEFAULT_LIMITS } from './registry/ToolRegistry';
export type { CheckResult } from './registry/ToolRegistry';
export type {
  CallOptions,
  ContentBlock,
  ImageContent,
  InputLimits,
  Logger,
  RegisteredToolInfo,
  TextContent,
  ToolCallContext,
  ToolOutcome,
  ToolRegistryOptions,
} from './registry/types';
export { toolContent, imageContent } from './content/toolContent';
export type { ToolContentResult } from './content/toolContent';
export { ToolwrightError } from './errors/ToolwrightError';
export { ToolDefinitionError } from './errors/ToolDefinitionError';
export { ManifestMismatchError } from './errors/ManifestMismatchError';
export { ToolError } from './errors/ToolError';
export { MANIFEST_VERSION } from './manifest/types';
export type {
  ManifestContextParam,
  ManifestNamedParam,
  ManifestParam,
  ManifestSpreadParam,
  ManifestTarget,
  ManifestTool,
  ManifestToolOptions,
  ToolDescriptor,
  ToolManifest,
} from './manifest/types';
export type {
  KnownToolOptions,
  ParamOptions,
  ToolAnnotations,
  ToolOptions,
} from './metadata/types';
export type { JsonSchema, JsonValue, ObjectSchema } from './schema/JsonSchema';
export type { ToolCall, InvalidToolCall } from './calls/types';
export { toAnthropicTools } from './formats/anthropic/toAnthropicTools';
export { hasTools } from './metadata/reflection';
export { toSnakeCase } from './naming/toolName';
