/** The two tools of the legacy-format page's example, as descriptors. */
import type { ToolDescriptor } from '../../../manifest/types';

export const stockTools: ToolDescriptor[] = [
  {
    name: 'get_current_stock_price',
    description:
      'Gets the current stock price for a company. Returns float: The current stock price.\nRaises ValueError: if the input symbol is invalid/unknown.',
    inputSchema: {
      type: 'object',
      properties: {
        symbol: {
          type: 'string',
          description: 'The stock symbol of the company to get the price for.',
        },
      },
      required: ['symbol'],
      additionalProperties: false,
    },
  },
  {
    name: 'get_ticker_symbol',
    description:
      "Gets the stock ticker symbol for a company searched by name. Returns str: The ticker symbol for the company's stock. Raises TickerNotFound: if no matching ticker symbol is found.",
    inputSchema: {
      type: 'object',
      properties: {
        company_name: { type: 'string', description: 'The name of the company.' },
      },
      required: ['company_name'],
      additionalProperties: false,
    },
  },
];
