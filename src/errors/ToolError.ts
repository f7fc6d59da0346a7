/**
 * The error a tool method throws to choose the exact text the model sees. Any other thrown
 * error reaches the model as its message only, never its stack.
 */

/**
 * Thrown from a tool method: the model receives `message` as an `is_error` result.
 * @example
 * throw new ToolError(`No ticker symbol for "${companyName}"`);
 */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolError';
  }
}
