/**
 * History repair before a run: a history handed to `run` or `stream` that ends with an
 * assistant message whose calls were never answered (say, a `step` whose message was stored
 * without `resolve`) would be refused by the API. Its calls are answered first, as automatic
 * mode answers any turn, so the first request is valid.
 */
import type { Message, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { AgentDialect } from './dialects/AgentDialect';

/**
 * The last message as a `Message` the dialect can read, when it is an assistant turn with
 * calls; otherwise undefined. Its stop reason is unknown, so it is taken as a tool stop.
 */
export function unansweredTurn(
  messages: readonly MessageParam[],
  dialect: AgentDialect,
): Message | undefined {
  const last = messages[messages.length - 1];
  if (!last || last.role !== 'assistant' || typeof last.content === 'string') return undefined;
  const message = {
    id: 'msg_history',
    type: 'message',
    role: 'assistant',
    model: '',
    content: last.content,
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 0, output_tokens: 0 },
  } as unknown as Message;
  return dialect.extractCalls(message).length > 0 ? message : undefined;
}
