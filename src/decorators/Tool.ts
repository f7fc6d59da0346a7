/** `@Tool()`: marks a method as a tool. Records its options; the registry does the rest. */
import { recordTool } from '../metadata/reflection';
import type { ToolOptions } from '../metadata/types';

/**
 * Marks a method as a tool the model may call. The name defaults to the method name in
 * snake_case; the description comes from JSDoc (through codegen) unless given here.
 * @example
 * class StockService {
 *   @Tool({ requiresApproval: false })
 *   getCurrentStockPrice(@Param('symbol') symbol: string): number { ... }
 * }
 */
export function Tool(options: ToolOptions = {}): MethodDecorator {
  return (target, propertyKey) => {
    recordTool(target, { methodName: String(propertyKey), options: { ...options } });
  };
}
