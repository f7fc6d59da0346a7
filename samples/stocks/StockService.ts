/**
 * The two tools of the legacy tool-use page's example (`get_ticker_symbol`,
 * `get_current_stock_price`), on a small in-memory quote table so the sample runs offline.
 * Parameter names come from the source through the generated manifest (`@Param()` bare).
 */
import { Param, ToolError, Tool } from 'toolwright';
import { TickerNotFound } from './TickerNotFound';

/** Company names (lower case) to ticker symbols. */
const TICKERS: Record<string, string> = {
  'general motors': 'GM',
  ford: 'F',
  'ford motor': 'F',
  apple: 'AAPL',
  microsoft: 'MSFT',
  alphabet: 'GOOGL',
  google: 'GOOGL',
  tesla: 'TSLA',
};

/** Ticker symbols to their (frozen, sample) price in US dollars. */
const PRICES: Record<string, number> = {
  GM: 38.5,
  F: 12.07,
  AAPL: 189.84,
  MSFT: 415.26,
  GOOGL: 172.63,
  TSLA: 177.29,
};

/** Stock quotes by company name. */
export class StockService {
  /**
   * Gets the stock ticker symbol for a company searched by name.
   * @param companyName The name of the company, such as General Motors.
   * @returns The ticker symbol of the company's stock, as a string.
   * @throws TickerNotFound if no matching ticker symbol is found.
   * @example {"companyName": "General Motors"}
   */
  @Tool()
  getTickerSymbol(@Param() companyName: string): string {
    const key = companyName
      .trim()
      .toLowerCase()
      .replace(/[.,]|\b(inc|corp|corporation|company|co)\b/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    const symbol = TICKERS[key];
    if (!symbol) throw new TickerNotFound(companyName);
    return symbol;
  }

  /**
   * Gets the current stock price for a company.
   * @param symbol The stock ticker symbol of the company to get the price for, such as GM.
   * @returns The current stock price in US dollars, as a float.
   * @throws ToolError if the symbol is invalid or unknown.
   * @example {"symbol": "GM"}
   */
  @Tool()
  getCurrentStockPrice(@Param() symbol: string): number {
    const price = PRICES[symbol.trim().toUpperCase()];
    if (price === undefined) {
      throw new ToolError(`Unknown ticker symbol "${symbol}"; call get_ticker_symbol first`);
    }
    return price;
  }
}
