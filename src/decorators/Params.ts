/** `@Params()`: the whole input object is one DTO class, flattened like TypeGraphQL's `@Args`. */
import { recordParam } from '../metadata/reflection';

/**
 * The tool's input is this DTO: its properties are the tool's top-level properties, validated
 * by its class-validator decorators, and the method receives an instance of the class.
 * @example
 * placeOrder(@Params() order: OrderRequest) { ... }
 */
export function Params(): ParameterDecorator {
  return (target, propertyKey, index) => {
    recordParam(target, String(propertyKey), { kind: 'spread', index });
  };
}
