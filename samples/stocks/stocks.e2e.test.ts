/**
 * The stocks sample end to end: the legacy page's General Motors conversation run by
 * `ToolAgent` with the real SDK client against the testing kit's scripted server, in
 * automatic and manual mode, and `TickerNotFound` reaching the model as a tool error.
 */
import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { ToolAgent, ToolRegistry } from 'toolwright';
import { startScriptedServer } from 'toolwright/testing';
import type { ScriptedServer } from 'toolwright/testing';
import { manifest } from '../tools.manifest';
import { StockService } from './StockService';

const text = (content: unknown): string =>
  typeof content === 'string' ? content : JSON.stringify(content);

type ResultBlock = { type: string; content?: unknown; is_error?: boolean };

/** The tool results sent to the model in request `index`. */
function resultsSent(server: ScriptedServer, index: number): ResultBlock[] {
  const messages = server.requests[index].body.messages as MessageParam[];
  const last = messages.at(-1)?.content;
  return Array.isArray(last)
    ? (last as ResultBlock[]).filter((block) => block.type === 'tool_result')
    : [];
}

describe('stocks sample', () => {
  const registry = new ToolRegistry({ manifest }).register(new StockService());
  let server: ScriptedServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('describes its tools from the JSDoc, through the generated manifest', () => {
    const [ticker, price] = registry.toAnthropic();
    expect(ticker.name).toBe('get_ticker_symbol');
    expect(ticker.description).toContain(
      'Gets the stock ticker symbol for a company searched by name.',
    );
    expect(ticker.description).toContain('TickerNotFound');
    expect(ticker.input_schema).toMatchObject({
      properties: {
        companyName: {
          type: 'string',
          description: 'The name of the company, such as General Motors.',
        },
      },
      required: ['companyName'],
    });
    expect(price.name).toBe('get_current_stock_price');
    expect(price.input_examples).toEqual([{ symbol: 'GM' }]);
  });

  it('runs the General Motors conversation of the legacy page', async () => {
    server = await startScriptedServer({
      turns: [
        {
          content: [
            {
              type: 'tool_use',
              name: 'get_ticker_symbol',
              input: { companyName: 'General Motors' },
            },
          ],
        },
        {
          content: [{ type: 'tool_use', name: 'get_current_stock_price', input: { symbol: 'GM' } }],
        },
        {
          content: [{ type: 'text', text: 'The current stock price of General Motors is $38.50.' }],
        },
      ],
    });
    const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
    const agent = new ToolAgent({ client, registry, model: 'claude-sonnet-5-5' });

    const result = await agent.run('What is the current stock price of General Motors?');

    expect(result.finalText).toBe('The current stock price of General Motors is $38.50.');
    expect(result.iterations).toBe(3);
    expect(resultsSent(server, 1)).toMatchObject([{ content: 'GM' }]);
    expect(resultsSent(server, 2)).toMatchObject([{ content: '38.5' }]);
    expect(server.requests[0].body.tools).toEqual(registry.toAnthropic());
  });

  it('sends TickerNotFound back to the model as an error result', async () => {
    server = await startScriptedServer({
      turns: [
        {
          content: [
            { type: 'tool_use', name: 'get_ticker_symbol', input: { companyName: 'Acme Rockets' } },
          ],
        },
        { content: [{ type: 'text', text: 'I could not find a ticker for Acme Rockets.' }] },
      ],
    });
    const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
    const agent = new ToolAgent({ client, registry, model: 'claude-sonnet-5-5' });
    await agent.run('What is Acme Rockets trading at?');
    const [result] = resultsSent(server, 1);
    expect(result.is_error).toBe(true);
    expect(text(result.content)).toContain(
      'TickerNotFound: no ticker symbol found for "Acme Rockets"',
    );
  });

  it('lets the application decide each call in manual mode', async () => {
    server = await startScriptedServer({
      turns: [
        {
          content: [
            {
              type: 'tool_use',
              name: 'get_ticker_symbol',
              input: { companyName: 'General Motors' },
            },
          ],
        },
        { content: [{ type: 'text', text: 'I was not allowed to look it up.' }] },
      ],
    });
    const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
    const agent = new ToolAgent({ client, registry, model: 'claude-sonnet-5-5' });

    const messages: MessageParam[] = [{ role: 'user', content: 'What is GM trading at?' }];
    const step = await agent.step(messages);
    messages.push({ role: 'assistant', content: step.message.content });
    expect(step.calls).toMatchObject([
      { name: 'get_ticker_symbol', input: { companyName: 'General Motors' } },
    ]);
    if (!step.done && !step.paused) {
      messages.push(
        await agent.resolve(step, () => ({
          approved: false,
          reason: 'market data is closed today',
        })),
      );
    }
    const next = await agent.step(messages);

    expect(next.done).toBe(true);
    const [denied] = resultsSent(server, 1);
    expect(denied.is_error).toBe(true);
    expect(text(denied.content)).toContain('market data is closed today');
  });
});
