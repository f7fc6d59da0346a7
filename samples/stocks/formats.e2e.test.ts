/**
 * The stock tools in the other wire formats: the legacy XML prompt of the seed page, and
 * OpenAI function tools with their calls answered by the same registry.
 */
import 'reflect-metadata';
import { ToolRegistry, buildXmlSystemPrompt } from 'toolwright';
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
});
