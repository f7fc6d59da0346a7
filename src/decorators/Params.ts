/** `@Params()`: the whole input object is one DTO class, flattened like TypeGraphQL's `@Args`. */
import { recordParam } from '../metadata/reflection';
import type { DtoClass } from '../metadata/types';

/**
 * The tool's input is this DTO: its properties are the tool's top-level properties, validated
 * by its class-validator decorators, and the method receives an instance of the class. Pass the
 * class (`@Params(OrderRequest)`) where decorator metadata is not emitted: tsx, esbuild, Vitest.
 * @example
 * placeOrder(@Params() order: OrderRequest) { ... }
 * placeOrder(@Params(OrderRequest) order: OrderRequest) { ... } // tsx, esbuild, Vitest
 */
export function Params(type?: DtoClass): ParameterDecorator {
  return (target, propertyKey, index) => {
    recordParam(target, String(propertyKey), {
      kind: 'spread',
      index,
      ...(type === undefined ? {} : { type }),
    });
  };
}
