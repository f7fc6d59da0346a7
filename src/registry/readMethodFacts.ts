/**
 * Reads what the decorators recorded for each `@Tool` method of an instance and checks that
 * every parameter is declared: a parameter without `@Param`, `@Params` or `@Ctx` would get
 * no argument, so it is a definition error naming class, method and index.
 */
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import { readParams, readParamTypes, readTools } from '../metadata/reflection';
import { paramLabel } from './describeTarget';
import type { ParamMetadata } from '../metadata/types';
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

/** `@Params(Dto)` or `@Param({ type: Dto })`: how the class was given, for messages. */
const explicitForm = (param: ParamMetadata, type: string): string =>
  param.kind === 'spread' ? `@Params(${type})` : `@Param({ type: ${type} })`;

/** The emitted parameter types, with each class given by `@Params(Dto)` or `@Param({ type })` in its place. */
function withExplicitTypes(
  emitted: unknown[],
  params: readonly ParamMetadata[],
  className: string,
  methodName: string,
): unknown[] {
  const types = [...emitted];
  for (const param of params) {
    if (param.kind === 'context' || param.type === undefined) continue;
    if (typeof param.type !== 'function') {
      throw new ToolDefinitionError(
        `${paramLabel(className, methodName, param.index)} is ${explicitForm(param, String(param.type))}, which is not a class; pass the DTO class, as in ${explicitForm(param, 'OrderRequest')}`,
      );
    }
    types[param.index] = param.type;
  }
  return types;
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
    const emitted = readParamTypes(prototype, tool.methodName);
    const paramTypes = withExplicitTypes(emitted, params, className, tool.methodName);
    const count = Math.max(paramTypes.length, method.length, ...params.map((p) => p.index + 1));
    for (let index = 0; index < count; index++) {
      const declared = params.filter((p) => p.index === index);
      if (declared.length === 0) {
        throw new ToolDefinitionError(
          `${paramLabel(className, tool.methodName, index)} has no @Param, @Params or @Ctx; ` +
            `add @Param('name') (or @Params(Dto) for a DTO class, @Ctx() for the call context)`,
        );
      }
      if (declared.length > 1) {
        throw new ToolDefinitionError(
          `${paramLabel(className, tool.methodName, index)} has ${declared.length} toolwright decorators; keep exactly one`,
        );
      }
    }
    const designTypes = emitted.length > 0 || method.length === 0;
    return { className, classChain, tool, params, paramTypes, designTypes };
  });
}
