import { stockTools } from '../xml/__fixtures__/stockTools';
import { toOpenAITools } from './toOpenAITools';

describe('toOpenAITools', () => {
  it('renders function tools with the input schema as parameters, and strict when set', () => {
    const tools = toOpenAITools([
      stockTools[0],
      { ...stockTools[1], options: { strict: true, requiresApproval: true } },
    ]);
    expect(tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'get_current_stock_price',
          description: stockTools[0].description,
          parameters: stockTools[0].inputSchema,
        },
      },
      {
        type: 'function',
        function: {
          name: 'get_ticker_symbol',
          description: stockTools[1].description,
          parameters: stockTools[1].inputSchema,
          strict: true,
        },
      },
    ]);
  });
});
