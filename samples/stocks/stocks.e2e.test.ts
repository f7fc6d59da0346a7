/**
 * The stocks sample end to end: the legacy page's General Motors conversation, and
 * `TickerNotFound` reaching the model as a tool error.
 */
import 'reflect-metadata';
import { ToolRegistry } from 'toolwright';
import { StockService } from './StockService';

const text = (content: unknown): string =>
  typeof content === 'string' ? content : JSON.stringify(content);

describe('stocks sample', () => {
  const registry = new ToolRegistry().register(new StockService());

  it('finds the ticker and the price of General Motors', async () => {
    expect(await registry.call('get_ticker_symbol', { companyName: 'General Motors' })).toEqual({
      content: 'GM',
      isError: false,
    });
    expect(await registry.call('get_current_stock_price', { symbol: 'GM' })).toEqual({
      content: '38.5',
      isError: false,
    });
  });

  it('answers TickerNotFound as a tool error the model can read', async () => {
    const outcome = await registry.call('get_ticker_symbol', { companyName: 'Acme Rockets' });
    expect(outcome.isError).toBe(true);
    expect(text(outcome.content)).toContain(
      'TickerNotFound: no ticker symbol found for "Acme Rockets"',
    );
  });
});
