/**
 * The demo's stand-in for Claude when there is no API key: a turn picker for the testing
 * kit's scripted server that plays the demo's conversations, reading the real tool results
 * from each request so its final answers quote what the tools returned.
 */
import type { RecordedRequest, ScriptedTurn } from 'toolwright/testing';

/** The questions the demo asks. */
export const STOCK_QUESTION = 'What is the current stock price of General Motors?';
export const SQL_QUESTION = 'Which customer has placed the most orders, and how many?';

type Block = { type: string; text?: string; content?: unknown; is_error?: boolean };
type Message = { role: string; content: string | Block[] };

const text = (value: string): Block => ({ type: 'text', text: value });
const call = (name: string, input: Record<string, unknown>) => ({ type: 'tool_use', name, input });

/** The text of the last tool result of the request (the first one of the last user message). */
function lastResult(messages: Message[]): string {
  const last = messages.at(-1);
  const block = Array.isArray(last?.content)
    ? last.content.find((b) => b.type === 'tool_result')
    : undefined;
  const content = block?.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part: Block) => part.text ?? '').join('');
  return '';
}

/** The stock conversation of the legacy tool-use page, one reply per step. */
function stockTurn(step: number, messages: Message[]): ScriptedTurn {
  switch (step) {
    case 0:
      return {
        content: [
          text(
            'To answer this I need the ticker symbol of General Motors, then its current price.',
          ),
          call('get_ticker_symbol', { companyName: 'General Motors' }),
        ],
      };
    case 1:
      return {
        content: [call('get_current_stock_price', { symbol: lastResult(messages).trim() })],
      };
    default:
      return {
        content: [
          text(
            `The current stock price of General Motors is $${Number(lastResult(messages)).toFixed(2)}.`,
          ),
        ],
      };
  }
}

/** The SQL conversation: look at the tables, send a bad input once, then query. */
function sqlTurn(step: number, messages: Message[]): ScriptedTurn {
  const query =
    'SELECT c.name, COUNT(o.id) AS orders FROM customers c JOIN orders o ON o.customer_id = c.id ' +
    'GROUP BY c.id ORDER BY orders DESC LIMIT 1';
  switch (step) {
    case 0:
      return { content: [text('Let me see which tables the shop has.'), call('list_tables', {})] };
    case 1:
      return { content: [call('run_query', { sql: query })] };
    case 2:
      return {
        content: [text('I used the wrong parameter name; retrying.'), call('run_query', { query })],
      };
    default: {
      const [name, count] = (lastResult(messages).split('\n')[1] ?? '').split(' | ');
      return { content: [text(`${name} has placed the most orders: ${count}.`)] };
    }
  }
}

/** Answers a request of either conversation, by its first message and how far it has got. */
export function scriptedModel(request: RecordedRequest): ScriptedTurn {
  const messages = (request.body.messages ?? []) as Message[];
  const first = messages[0]?.content;
  const question =
    typeof first === 'string' ? first : (first?.find((b) => b.type === 'text')?.text ?? '');
  const step = messages.filter((message) => message.role === 'assistant').length;
  if (question.includes('stock price')) return stockTurn(step, messages);
  if (question.includes('most orders')) return sqlTurn(step, messages);
  return { content: [text('This scripted model only knows the demo questions.')] };
}
