/**
 * The stock tools in the other wire formats: the legacy XML prompt of the seed page, and
 * OpenAI function tools with their calls answered by the same registry.
 */
import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { ToolAgent, ToolRegistry, buildXmlSystemPrompt } from 'toolwright';
import { startScriptedServer } from 'toolwright/testing';
import { manifest } from '../tools.manifest';
import { StockService } from './StockService';

describe('stocks sample in the other formats', () => {
  const registry = new ToolRegistry({ manifest }).register(new StockService());

  it('describes the tools in the legacy XML prompt format', () => {
    const tools = registry.toXmlPrompt();
    expect(tools).toMatch(
      /^<tools>\n<tool_description>\n<tool_name>get_ticker_symbol<\/tool_name>/,
    );
    expect(tools).toContain('<name>companyName</name>\n<type>string</type>');
    expect(tools).toContain('TickerNotFound if no matching ticker symbol is found.');
    const system = buildXmlSystemPrompt(registry.descriptors(), 'You are a stock analyst.');
    expect(system).toMatch(/^In this environment you have access to a set of tools/);
    expect(system).toContain(tools);
    expect(system.endsWith('You are a stock analyst.')).toBe(true);
  });

  it('exports OpenAI function tools and answers their calls', async () => {
    const tools = registry.toOpenAI();
    expect(tools[0]).toMatchObject({
      type: 'function',
      function: { name: 'get_ticker_symbol', parameters: { required: ['companyName'] } },
    });
    const messages = await registry.callOpenAI([
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'get_ticker_symbol', arguments: '{"companyName":"General Motors"}' },
      },
      {
        id: 'call_2',
        type: 'function',
        function: { name: 'get_current_stock_price', arguments: '{"symbol":"XYZ"}' },
      },
    ]);
    expect(messages[0]).toEqual({ role: 'tool', tool_call_id: 'call_1', content: 'GM' });
    expect(messages[1]).toMatchObject({ role: 'tool', tool_call_id: 'call_2' });
    expect(messages[1].content).toContain('Unknown ticker symbol "XYZ"');
  });

  it('runs the legacy page conversation in the XML format', async () => {
    const invoke = (name: string, parameters: string) =>
      `<function_calls>\n<invoke>\n<tool_name>${name}</tool_name>\n<parameters>\n${parameters}\n</parameters>\n</invoke>\n`;
    const server = await startScriptedServer({
      turns: [
        {
          content: [
            {
              type: 'text',
              text: invoke('get_ticker_symbol', '<companyName>General Motors</companyName>'),
            },
          ],
          stop_reason: 'stop_sequence',
          stop_sequence: '</function_calls>',
        },
        {
          content: [
            { type: 'text', text: invoke('get_current_stock_price', '<symbol>GM</symbol>') },
          ],
          stop_reason: 'stop_sequence',
          stop_sequence: '</function_calls>',
        },
        {
          content: [
            {
              type: 'text',
              text: '<answer>\nThe current stock price of General Motors is $38.50.\n</answer>',
            },
          ],
        },
      ],
    });
    try {
      const client = new Anthropic({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 });
      const agent = new ToolAgent({ client, registry, model: 'claude-sonnet-5-5', format: 'xml' });
      const result = await agent.run('What is the current stock price of General Motors?');

      expect(result.answer).toBe('The current stock price of General Motors is $38.50.');
      expect(server.requests[0].body.system).toBe(buildXmlSystemPrompt(registry.descriptors()));
      expect(server.requests[0].body.stop_sequences).toEqual(['</function_calls>']);
      const sent = (server.requests[1].body.messages as MessageParam[]).at(-1)!;
      expect(JSON.stringify(sent.content)).toContain(
        '<function_results>\\n<result>\\n<tool_name>get_ticker_symbol</tool_name>\\n<stdout>\\nGM\\n</stdout>',
      );
    } finally {
      await server.close();
    }
  });
});
