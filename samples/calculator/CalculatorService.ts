/**
 * The calculator of the anthropic-tools README (`perform_addition`, `perform_subtraction`),
 * written as one plain service class whose methods are the tools.
 */
import { Param, Tool } from 'toolwright';

/** Arithmetic the model should not do in its head. */
export class CalculatorService {
  /**
   * Adds two numbers, a and b, together. For example, perform_addition(a=10, b=12) -> 22.
   * Numbers can be any rational number.
   * @param a The first number to add, such as 5.
   * @param b The second number to add, such as 4.6.
   * @returns The sum a + b, as a number.
   * @example {"a": 10, "b": 12}
   */
  @Tool()
  performAddition(@Param('a') a: number, @Param('b') b: number): number {
    return a + b;
  }

  /**
   * Subtracts one number (b) from another (a), yielding a - b. For example,
   * perform_subtraction(a=8, b=5) -> 3. Numbers can be any rational number.
   * @param a The minuend, such as 5.
   * @param b The subtrahend, such as 9.
   * @returns The difference a - b, as a number.
   * @example {"a": 17, "b": 9}
   */
  @Tool()
  performSubtraction(@Param('a') a: number, @Param('b') b: number): number {
    return a - b;
  }
}
