/** `@Ctx()`: injects the call's `ToolCallContext`; never part of the schema. */
import { recordParam } from '../metadata/reflection';

/**
 * Injects `{ toolUseId, toolName, signal, state }` for the current call.
 * @example
 * refund(@Param('orderId') id: string, @Ctx() ctx: ToolCallContext<{ userId: string }>) {
 *   ctx.signal.throwIfAborted();
 * }
 */
export function Ctx(): ParameterDecorator {
  return (target, propertyKey, index) => {
    recordParam(target, String(propertyKey), { kind: 'context', index });
  };
}
