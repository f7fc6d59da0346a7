/**
 * The run-time side of codegen's TW216: a tool class whose constructor takes parameters, compiled
 * without `emitDecoratorMetadata`. The manifest still supplies its tools' parameters, so the tools
 * register, but a container (NestJS) sees no constructor parameter types and injects `undefined`,
 * and every call then fails inside the method. `register()` says the cause to its logger.
 */
import { hasEmittedParamTypes, readTools } from '../metadata/reflection';

/** The warning for the class of `instance` (an instance with tools), or `undefined` when it is fine. */
export function decoratorMetadataWarning(instance: object): string | undefined {
  const prototype = Object.getPrototypeOf(instance) as object;
  const constructor = prototype.constructor as { name: string; length: number };
  if (constructor.length === 0) return undefined;
  const methodNames = readTools(prototype).map((tool) => tool.methodName);
  if (hasEmittedParamTypes(prototype, methodNames)) return undefined;
  return (
    `toolwright: ${constructor.name} was compiled without "emitDecoratorMetadata" (its @Tool ` +
    `methods have no design:paramtypes) and its constructor takes ${constructor.length} ` +
    `parameter${constructor.length === 1 ? '' : 's'}: a container such as NestJS injects undefined ` +
    'for each, and its tools fail when called; add "emitDecoratorMetadata": true to ' +
    'compilerOptions in tsconfig.json (TW216)'
  );
}
