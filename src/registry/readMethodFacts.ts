/**
 * Reads what the decorators recorded for each `@Tool` method of an instance and checks that
 * every parameter is declared: a parameter without `@Param`, `@Params` or `@Ctx` would get
 * no argument, so it is a definition error naming class, method and index.
 */
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import { readParams, readParamTypes, readTools } from '../metadata/reflection';
import { paramLabel } from './describeTarget';
import type { MethodFacts } from './definitionFromMetadata';

/** The names of the class and its bases, nearest first: a manifest may list an inherited tool on its base. */
function classChainOf(prototype: object): string[] {
  const names: string[] = [];
  for (
    let p: object | null = prototype;
    p && p !== Object.prototype;
    p = Object.getPrototypeOf(p)
  ) {
    const name = (p.constructor as { name?: string } | undefined)?.name;
    if (name) names.push(name);
  }
  return names;
}

/** The facts of every `@Tool` method of the instance's class (and its bases). */
export function readMethodFacts(instance: object): MethodFacts[] {
  const prototype = Object.getPrototypeOf(instance) as object;
  const className = (prototype.constructor as { name?: string }).name || 'AnonymousClass';
  const classChain = classChainOf(prototype);
  return readTools(prototype).map((tool) => {
    const method = (instance as Record<string, unknown>)[tool.methodName];
    if (typeof method !== 'function') {
      throw new ToolDefinitionError(
        `${className}.${tool.methodName} has @Tool() but is not a method; put @Tool() on a method`,
      );
    }
    const params = readParams(prototype, tool.methodName);
    const paramTypes = readParamTypes(prototype, tool.methodName);
    const count = Math.max(paramTypes.length, method.length, ...params.map((p) => p.index + 1));
    for (let index = 0; index < count; index++) {
      const declared = params.filter((p) => p.index === index);
      if (declared.length === 0) {
        throw new ToolDefinitionError(
          `${paramLabel(className, tool.methodName, index)} has no @Param, @Params or @Ctx; ` +
            `add @Param('name') (or @Params() for a DTO, @Ctx() for the call context)`,
        );
      }
      if (declared.length > 1) {
        throw new ToolDefinitionError(
          `${paramLabel(className, tool.methodName, index)} has ${declared.length} toolwright decorators; keep exactly one`,
        );
      }
    }
    return { className, classChain, tool, params, paramTypes };
  });
}
