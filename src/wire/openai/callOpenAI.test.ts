import { ToolRegistry } from '../../registry/ToolRegistry';
import { CalculatorService, StockService } from '../__fixtures__/StockService';

function setup(): { registry: ToolRegistry; stocks: StockService; calc: CalculatorService } {
  const stocks = new StockService();
  const calc = new CalculatorService();
  return { registry: new ToolRegistry().register(stocks, calc), stocks, calc };
}

describe('registry.toOpenAI / registry.callOpenAI', () => {
  it('renders every registered tool as an OpenAI function tool', () => {
    const { registry } = setup();
    const tools = registry.toOpenAI();
    expect(tools.map((tool) => tool.type)).toEqual([
      'function',
      'function',
      'function',
      'function',
    ]);
    expect(tools[0].function).toEqual({
      name: 'get_current_stock_price',
      description: expect.stringContaining('Gets the current stock price'),
      parameters: registry.get('get_current_stock_price')?.inputSchema,
    });
    expect(tools[0].function.parameters).toMatchObject({
      type: 'object',
      properties: { symbol: { type: 'string' } },
      required: ['symbol'],
    });
  });

  it('answers one tool message per call, in order: a valid call, cut-off JSON, an unknown tool', async () => {
    const { registry, stocks, calc } = setup();
    const messages = await registry.callOpenAI([
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'get_ticker_symbol', arguments: '{"company_name":"General Motors"}' },
      },
      { id: 'call_2', type: 'function', function: { name: 'add', arguments: '{"a": 1, "b": 2' } },
      { id: 'call_3', type: 'function', function: { name: 'launch_rockets', arguments: '{}' } },
      {
        id: 'call_4',
        type: 'function',
        function: { name: 'add', arguments: '{"a": 2.5, "b": 4}' },
      },
    ]);
    expect(messages.map((m) => [m.role, m.tool_call_id])).toEqual([
      ['tool', 'call_1'],
      ['tool', 'call_2'],
      ['tool', 'call_3'],
      ['tool', 'call_4'],
    ]);
    expect(messages[0].content).toBe('GM');
    expect(messages[1].content).toMatch(
      /^Error: Invalid arguments for tool "add": not valid JSON \(.+\)/,
    );
    expect(messages[2].content).toBe(
      'Error: Unknown tool "launch_rockets". Available tools: get_current_stock_price, get_ticker_symbol, add, echo.',
    );
    expect(messages[3].content).toBe('6.5');
    expect(stocks.calls).toEqual(['get_ticker_symbol(General Motors)']);
    expect(calc.calls).toEqual(['add(2.5, 4)']);
  });

  it("answers the registry's validation error and a thrown ToolError as Error: text", async () => {
    const { registry, calc } = setup();
    const [invalid, thrown] = await registry.callOpenAI([
      { id: 'a', type: 'function', function: { name: 'add', arguments: '{"a": "one", "b": 2}' } },
      {
        id: 'b',
        type: 'function',
        function: { name: 'get_ticker_symbol', arguments: '{"company_name":"Acme"}' },
      },
    ]);
    expect(invalid.content).toMatch(/^Error: Invalid input for tool "add":\na: /);
    expect(thrown.content).toBe('Error: TickerNotFound: no ticker for "Acme"');
    expect(calc.calls).toEqual([]);
  });

  it('never throws on garbage', async () => {
    const { registry } = setup();
    await expect(registry.callOpenAI(null)).resolves.toEqual([]);
    const garbage = [
      null,
      {},
      { id: 7, function: null },
      { id: 'x', function: { name: 'add', arguments: 42 } },
    ];
    const messages = await registry.callOpenAI(garbage as never);
    expect(messages).toHaveLength(4);
    for (const message of messages) expect(message.content).toMatch(/^Error: /);
  });
});
