/**
 * The legacy XML format as an agent dialect: the tools live in the system prompt (documented
 * preamble, `<tools>`, then the app's prompt), the request stops at `</function_calls>`, calls
 * are parsed from the reply's text, and each turn's results go back as one user message holding
 * one `<function_results>` block. No native `tools` parameter is sent.
 */
import type { Message, MessageParam, TextBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { buildXmlSystemPrompt, XML_STOP_SEQUENCE } from '../../wire/xml/buildXmlSystemPrompt';
import { extractAnswer } from '../../wire/xml/extractAnswer';
import { parseFunctionCalls } from '../../wire/xml/parseFunctionCalls';
import { renderFunctionResults } from '../../wire/xml/renderFunctionResults';
import type { ImageContent } from '../../content/ContentBlock';
import type { AgentRegistry } from './AgentRegistry';
import type {
  AgentDialect,
  CallAnswer,
  DialectCall,
  DialectRequest,
  DialectStreamReader,
} from './AgentDialect';
import { XmlStreamReader } from './XmlStreamReader';
import { dialectCallOf, messageText, xmlCallId } from './xmlDialectCalls';

/** True when the text's last `<function_calls>` has no closing tag after it. */
function endsInOpenBlock(text: string): boolean {
  const open = text.lastIndexOf('<function_calls>');
  return open >= 0 && text.indexOf(XML_STOP_SEQUENCE, open) < 0;
}

/** The legacy prompt format of `anthropic-tools`, for models or platforms without native tools. */
export class XmlDialect implements AgentDialect {
  constructor(private readonly registry: AgentRegistry) {}

  /** Rendered per request (cheap), so tools registered later are described, and nothing subscribes. */
  requestParts(options: { system?: string; cache: boolean }): DialectRequest {
    const text = buildXmlSystemPrompt(this.registry.descriptors(), options.system);
    const block: TextBlockParam = { type: 'text', text };
    if (options.cache) block.cache_control = { type: 'ephemeral' };
    return { system: options.cache ? [block] : text, stop_sequences: [XML_STOP_SEQUENCE] };
  }

  extractCalls(message: Message): DialectCall[] {
    const parsed = parseFunctionCalls(messageText(message));
    const tools = this.registry.descriptors();
    const cut = message.stop_reason === 'max_tokens';
    return parsed.invokes.map((invoke, index) =>
      dialectCallOf(invoke, xmlCallId(message.id, index), tools, !cut || invoke.closed),
    );
  }

  /** The reply as the history keeps it: a block the stop sequence cut is closed again. */
  historyMessage(message: Message): MessageParam {
    const content = message.content.slice();
    const last = content.map((block) => block.type).lastIndexOf('text');
    const block = content[last];
    if (
      block?.type === 'text' &&
      message.stop_reason !== 'max_tokens' &&
      endsInOpenBlock(block.text)
    ) {
      content[last] = { ...block, text: block.text + XML_STOP_SEQUENCE };
    }
    return { role: 'assistant', content };
  }

  awaitsResults(message: Message): boolean {
    if (message.stop_reason !== 'stop_sequence' && message.stop_reason !== 'end_turn') return false;
    return parseFunctionCalls(messageText(message)).hasCalls;
  }

  resultsMessage(answers: readonly CallAnswer[]): MessageParam {
    const results = answers.map((answer) => ({
      name: answer.call.name,
      content: answer.content,
      isError: answer.isError,
    }));
    const text = renderFunctionResults(results);
    const images = answers.flatMap((answer) =>
      Array.isArray(answer.content) && !answer.isError
        ? answer.content.filter((block): block is ImageContent => block.type === 'image')
        : [],
    );
    if (!images.length) return { role: 'user', content: text };
    return { role: 'user', content: [{ type: 'text', text }, ...images] };
  }

  streamReader(): DialectStreamReader {
    return new XmlStreamReader(() => this.registry.descriptors());
  }

  finalText(message: Message): string {
    return messageText(message).trim();
  }

  answer(message: Message): string | undefined {
    return extractAnswer(messageText(message));
  }
}
