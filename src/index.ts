/**
 * toolwright: declarative LLM tools for TypeScript services. Decorators, the registry,
 * the manifest types and the wire formats. Loads neither NestJS, the MCP SDK, BullMQ nor
 * OpenTelemetry.
 */
import 'reflect-metadata';

// What a tool's own source names (the decorators, context, content, errors, option and schema
// types): the surface codegen reads instead of this whole module.
export * from './decorators/toolSurface';
export { ToolRegistry, DEFAULT_LIMITS } from './registry/ToolRegistry';
export type { CheckResult } from './registry/ToolRegistry';
export type { Logger, RegisteredToolInfo, ToolRegistryOptions } from './registry/types';
export type { CallOptions } from './calls/ToolCallContext';
export type { ToolCaller } from './calls/ToolCaller';
export { accessDenied } from './calls/ToolCaller';
export type { InputLimits } from './validation/types';
export type {
  ToolJobDispatcher,
  ToolJobRequest,
  ToolJobResult,
  ToolJobStatus,
} from './calls/ToolJobDispatcher';
export type { ToolOutcome } from './calls/ToolOutcome';
export { ToolDefinitionError } from './errors/ToolDefinitionError';
export { MissingPeerError } from './errors/MissingPeerError';
export { ManifestMismatchError } from './errors/ManifestMismatchError';
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
export type { ValidationPipeOptions } from './validation/pipeOptions';
export type { ToolCall, InvalidToolCall } from './calls/types';
export { toAnthropicTools } from './wire/anthropic/toAnthropicTools';
export type { AnthropicRenderOptions } from './wire/anthropic/toAnthropicTools';
export { strictInputSchema } from './schema/strict/projectStrictSchema';
export type {
  NotStrict,
  StrictProjection,
  StrictProvider,
  StrictSchema,
  StrictSchemaStats,
} from './schema/strict/types';
export { renderToolsXml } from './wire/xml/renderToolsXml';
export {
  buildXmlSystemPrompt,
  XML_STOP_SEQUENCE,
  XML_TOOLS_PREAMBLE,
} from './wire/xml/buildXmlSystemPrompt';
export { renderFunctionResults } from './wire/xml/renderFunctionResults';
export type { RenderResultsOptions, XmlCallResult } from './wire/xml/renderFunctionResults';
export { parseFunctionResults } from './wire/xml/parseFunctionResults';
export type { ParsedFunctionResult } from './wire/xml/parseFunctionResults';
export { extractAnswer } from './wire/xml/extractAnswer';
export { toOpenAITools } from './wire/openai/toOpenAITools';
export type { OpenAIRenderOptions } from './wire/openai/toOpenAITools';
export { callOpenAI } from './wire/openai/callOpenAI';
export type { CallOpenAIOptions, OpenAIToolHost } from './wire/openai/callOpenAI';
export type { ModelCallHost } from './pipeline/runModelCall';
export { withAccess } from './registry/withAccess';
export type { ToolAccess } from './registry/withAccess';
export type {
  OpenAIAssistantMessage,
  OpenAIFunctionTool,
  OpenAIToolCall,
  OpenAIToolMessage,
} from './wire/openai/types';
export { parseAnthropicCalls } from './wire/anthropic/parseAnthropicCalls';
export type { AnthropicMessageLike } from './wire/anthropic/parseAnthropicCalls';
export { parseOpenAICalls } from './wire/openai/parseOpenAICalls';
export type { OpenAICallParseOptions } from './wire/openai/parseOpenAICalls';
export { parseXmlCalls } from './wire/xml/parseXmlCalls';
export type { ParsedXmlCalls, XmlCallParseOptions } from './wire/xml/parseXmlCalls';
export { validateCalls } from './calls/validateCalls';
export type { CallChecker } from './calls/validateCalls';
export type { CallParseOptions, ParsedCalls } from './calls/ParsedCalls';
export { ToolAgent } from './agent/ToolAgent';
export { AbortError } from './errors/AbortError';
export type {
  AgentClient,
  AgentEvent,
  AgentFormat,
  AgentRegistry,
  AgentRequestOptions,
  AgentStopReason,
  AgentUsage,
  ApprovalContext,
  ApprovalDecision,
  Approver,
  CallDecider,
  ClearToolResultsBudget,
  CompactBudget,
  ContextBudget,
  RunInput,
  RunOptions,
  RunResult,
  StepResult,
  ToolAgentOptions,
  ToolSearchKind,
  ToolSearchOptions,
  ToolSearcher,
} from './agent/types';
export { ToolIndex } from './toolIndex/ToolIndex';
export { ToolIndexError } from './toolIndex/ToolIndexError';
export type { ToolIndexEntry, ToolIndexFile } from './toolIndex/ToolIndexFile';
export { answerCitations } from './agent/answerCitations';
export type { AnswerCitation } from './agent/answerCitations';
export type {
  ApprovalMode,
  ApprovalStore,
  DeferredDecision,
  PausedCall,
  PausedRunState,
  PendingApproval,
  PendingJob,
  ResumeDecisions,
} from './approvals/types';
export type { RunOutcome } from './agent/types';
export { MemoryApprovalStore } from './approvals/MemoryApprovalStore';
export type { MemoryApprovalStoreOptions } from './approvals/MemoryApprovalStore';
export { RedisApprovalStore } from './approvals/RedisApprovalStore';
export type { RedisApprovalStoreOptions, RedisCommands } from './approvals/RedisApprovalStore';
export { ApprovalNotFoundError } from './errors/ApprovalNotFoundError';
export { ContainerExpiredError } from './errors/ContainerExpiredError';
export type { ParsedToolInput, RunnableToolsOptions } from './registry/toRunnableTools';
export type { CallApprover } from './calls/approveModelCall';
export type { TelemetryOptions } from './telemetry/types';
