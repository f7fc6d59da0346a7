/**
 * The native format: tools go in the request's `tools` parameter, calls are the message's
 * `tool_use` blocks, and results are `tool_result` blocks at the start of the next user
 * message, one per `tool_use`, in order.
 */
import type {
  Message,
  MessageParam,
  TextBlockParam,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { AgentRegistry } from './AgentRegistry';
import type {
  AgentDialect,
  CallAnswer,
  DialectCall,
  DialectRequest,
  DialectStreamReader,
} from './AgentDialect';
import { NativeStreamReader } from './NativeStreamReader';

/** The Messages API's own tool format. */
export class NativeDialect implements AgentDialect {
  constructor(private readonly registry: AgentRegistry) {}

  /** Rendered per request (cheap), so tools registered later are sent, and nothing subscribes. */
  requestParts(options: { system?: string; cache: boolean; strict?: boolean }): DialectRequest {
    const parts: DialectRequest = {};
    const tools = this.registry.toAnthropic({ cache: options.cache, strict: options.strict });
    if (tools.length > 0) parts.tools = tools;
    if (options.system !== undefined) {
      const block: TextBlockParam = { type: 'text', text: options.system };
      if (options.cache) block.cache_control = { type: 'ephemeral' };
      parts.system = options.cache ? [block] : options.system;
    }
    return parts;
  }

  extractCalls(message: Message): DialectCall[] {
    const last = message.content.length - 1;
    const cut = message.stop_reason !== 'tool_use';
    const calls: DialectCall[] = [];
    message.content.forEach((block, index) => {
      if (block.type !== 'tool_use') return;
      calls.push({
        id: block.id,
        name: block.name,
        input: block.input,
        complete: index < last || !cut,
      });
    });
    return calls;
  }

  historyMessage(message: Message): MessageParam {
    return { role: 'assistant', content: message.content };
  }

  awaitsResults(message: Message): boolean {
    return message.stop_reason === 'tool_use';
  }

  resultsMessage(answers: readonly CallAnswer[]): MessageParam {
    const content = answers.map((answer): ToolResultBlockParam => {
      const result: ToolResultBlockParam = {
        type: 'tool_result',
        tool_use_id: answer.call.id,
        content: answer.content,
      };
      if (answer.isError) result.is_error = true;
      return result;
    });
    return { role: 'user', content };
  }

  streamReader(): DialectStreamReader {
    return new NativeStreamReader();
  }

  finalText(message: Message): string {
    let text = '';
    for (const block of message.content) if (block.type === 'text') text += block.text;
    return text;
  }
}
