/** The README's quick start, as a user writes it in their own project (README.md shows it; quickstart.test.ts runs the README itself). */
import { Param, Tool } from 'toolwright';

export class StockService {
  /**
   * Gets the current stock price for a company.
   * @param symbol The stock symbol, such as GM.
   * @returns The price in US dollars.
   */
  @Tool()
  getCurrentStockPrice(@Param() symbol: string): number {
    return symbol === 'GM' ? 39.5 : 100;
  }
}
