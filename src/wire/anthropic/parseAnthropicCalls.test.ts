import { stockTools } from '../xml/__fixtures__/stockTools';
import { parseAnthropicCalls } from './parseAnthropicCalls';

describe('parseAnthropicCalls', () => {
  it('keeps text out, runnable calls apart from unknown tools and non-object inputs', () => {
    const parsed = parseAnthropicCalls(
      {
        content: [
          { type: 'text', text: '<thinking>I should use a tool.</thinking>' },
          {
            type: 'tool_use',
            id: 'toolu_1',
            name: 'get_ticker_symbol',
            input: { company_name: 'General Motors' },
          },
          { type: 'tool_use', id: 'toolu_2', name: 'nope', input: {} },
          { type: 'tool_use', id: 'toolu_3', name: 'get_current_stock_price', input: '{"symbol":' },
        ],
      },
      { tools: stockTools },
    );
    expect(parsed.calls).toEqual([
      { id: 'toolu_1', name: 'get_ticker_symbol', input: { company_name: 'General Motors' } },
    ]);
    expect(parsed.invalidCalls).toEqual([
      {
        id: 'toolu_2',
        name: 'nope',
        input: {},
        error: 'Unknown tool "nope". Available tools: get_current_stock_price, get_ticker_symbol.',
      },
      {
        id: 'toolu_3',
        name: 'get_current_stock_price',
        input: '{"symbol":',
        error: 'The input of "get_current_stock_price" must be a JSON object.',
      },
    ]);
  });

  it('accepts any name without a tool list, and a string content', () => {
    expect(
      parseAnthropicCalls({ content: [{ type: 'tool_use', id: 'a', name: 'x', input: {} }] }).calls,
    ).toHaveLength(1);
    expect(parseAnthropicCalls({ content: 'hello' })).toEqual({ calls: [], invalidCalls: [] });
  });
});
