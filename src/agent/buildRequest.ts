/**
 * The request of one turn: the full history (so the loop works through Bedrock and Vertex,
 * which keep no server-side state) from the last compaction block on, the agent's settings,
 * and the dialect's parts (tools, system prompt, stop sequences), and what programmatic tool
 * calling adds (the code execution tool, the conversation's container, found in the whole
 * history).
 */
import type {
  MessageCreateParamsNonStreaming,
  MessageParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { AgentCore } from './AgentCore';
import { deferTools } from './toolSearch/deferTools';
import { withMovingBreakpoint } from './context/cacheBreakpoint';
import { fromLastCompaction } from './context/fromLastCompaction';

/** The parameters of a turn: the Messages API's, and the betas' the agent uses. */
export type AgentRequest = MessageCreateParamsNonStreaming & {
  /** `contextBudget`'s edits (context editing, compaction). */
  context_management?: Record<string, unknown>;
};

/** The Messages API parameters of the next turn. */
export function buildRequest(core: AgentCore, messages: readonly MessageParam[]): AgentRequest {
  const { settings, dialect } = core;
  const sent = fromLastCompaction(messages);
  const parts = dialect.requestParts({
    system: settings.system,
    cache: settings.cache,
    strict: settings.strict,
  });
  const request: MessageCreateParamsNonStreaming = {
    ...settings.params,
    model: settings.model,
    max_tokens: settings.maxTokens,
    messages: sent,
  };
  if (parts.system !== undefined) request.system = parts.system;
  if (parts.tools) request.tools = [...(settings.params.tools ?? []), ...parts.tools];
  if (settings.toolSearch && request.tools) {
    request.tools = deferTools(request.tools, settings.toolSearch, core.registry);
  }
  if (settings.cache) {
    const system = Array.isArray(request.system) ? request.system : [];
    request.messages = withMovingBreakpoint(sent, [...(request.tools ?? []), ...system]);
  }
  if (settings.contextManagement) {
    (request as AgentRequest).context_management = settings.contextManagement;
  }
  if (parts.stop_sequences) {
    request.stop_sequences = [...(settings.params.stop_sequences ?? []), ...parts.stop_sequences];
  }
  core.programmatic.prepare(request, messages);
  return request;
}
