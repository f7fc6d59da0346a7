/** `@Tool()`: marks a method as a tool. Records its options; the registry does the rest. */
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import { recordTool } from '../metadata/reflection';
import type { ToolOptions } from '../metadata/types';

/**
 * Whether a decorator was called as a TC39 (standard) decorator, `(value, context)`, which is what
 * TypeScript emits without `experimentalDecorators`: the second argument is a context object.
 */
const isStandardDecoratorCall = (key: unknown): key is { kind: string; name: unknown } =>
  typeof key === 'object' && key !== null && 'kind' in key;

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
    if (isStandardDecoratorCall(propertyKey)) {
      throw new ToolDefinitionError(
        `@Tool() on ${String(propertyKey.name)} was applied as a TC39 (standard) decorator, ` +
          'which has no parameter decorators and no design:paramtypes; toolwright needs ' +
          '"experimentalDecorators": true and "emitDecoratorMetadata": true in tsconfig.json ' +
          "(or your compiler's legacy-decorator setting)",
      );
    }
    recordTool(target, { methodName: String(propertyKey), options: { ...options } });
  };
}
