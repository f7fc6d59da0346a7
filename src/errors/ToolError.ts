/**
 * The error a tool method throws to choose the exact text the model sees. Any other thrown
 * error reaches the model as its message only, never its stack. A `ToolwrightError`, like
 * every error the package defines, though the registry answers it and never rethrows it.
 */
import { ToolwrightError } from './ToolwrightError';

/**
 * Thrown from a tool method: the model receives `message` as an `is_error` result.
 * @example
 * throw new ToolError(`No ticker symbol for "${companyName}"`);
 */
export class ToolError extends ToolwrightError {
  constructor(message: string) {
    super(message);
    // Subclasses (`TickerNotFound extends ToolError`) keep the name they always had.
    this.name = 'ToolError';
  }
}
