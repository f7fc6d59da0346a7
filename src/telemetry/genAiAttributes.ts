/**
 * The attribute, span and metric names of the OpenTelemetry semantic conventions for generative
 * AI (development status; the names of the current conventions: `gen_ai.provider.name`, not the
 * older `gen_ai.system`), and the few of toolwright's own, under `toolwright.`.
 */
export const ATTR = {
  operation: 'gen_ai.operation.name',
  provider: 'gen_ai.provider.name',
  agentName: 'gen_ai.agent.name',
  conversationId: 'gen_ai.conversation.id',
  requestModel: 'gen_ai.request.model',
  requestMaxTokens: 'gen_ai.request.max_tokens',
  responseId: 'gen_ai.response.id',
  responseModel: 'gen_ai.response.model',
  finishReasons: 'gen_ai.response.finish_reasons',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  tokenType: 'gen_ai.token.type',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  toolDescription: 'gen_ai.tool.description',
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  errorType: 'error.type',
  /** toolwright's: whether the call's input passed validation (`valid` / `invalid`). */
  validation: 'toolwright.tool.validation',
  /** toolwright's: how the call ended (`ok`, `error`, `invalid`, `denied`, `paused`, `not_run`). */
  outcome: 'toolwright.tool.outcome',
} as const;

/** Operation names (`gen_ai.operation.name`). */
export const OPERATION = {
  agent: 'invoke_agent',
  chat: 'chat',
  tool: 'execute_tool',
} as const;

/** The provider of every request toolwright's agent makes. */
export const PROVIDER = 'anthropic';

/** Metric names. */
export const METRIC = {
  operationDuration: 'gen_ai.client.operation.duration',
  tokenUsage: 'gen_ai.client.token.usage',
  toolCalls: 'toolwright.tool.calls',
  toolDuration: 'toolwright.tool.duration',
  refusals: 'toolwright.agent.refusals',
} as const;
