/** The error `get_ticker_symbol` throws for a company it does not know; its message reaches the model. */
import { ToolError } from 'toolwright';

/** No ticker symbol matches the company name the model asked for. */
export class TickerNotFound extends ToolError {
  constructor(companyName: string) {
    super(`TickerNotFound: no ticker symbol found for "${companyName}"`);
    this.name = 'TickerNotFound';
  }
}
