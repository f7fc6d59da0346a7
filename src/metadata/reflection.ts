/**
 * The only module that calls `Reflect.*`: records what the decorators declare and reads it
 * back, including what base classes declared. Everything else sees plain data.
 */
import 'reflect-metadata';
import { DESIGN_PARAMTYPES, DESIGN_TYPE, PARAMS_KEY, TOOLS_KEY } from './constants';
import type { ParamMetadata, ToolMetadata } from './types';

type Prototype = object;

/** Records a `@Tool` method on its class prototype. */
export function recordTool(prototype: Prototype, tool: ToolMetadata): void {
  const own: ToolMetadata[] = Reflect.getOwnMetadata(TOOLS_KEY, prototype) ?? [];
  Reflect.defineMetadata(
    TOOLS_KEY,
    [...own.filter((t) => t.methodName !== tool.methodName), tool],
    prototype,
  );
}

/** Records a decorated parameter of a method. */
export function recordParam(prototype: Prototype, methodName: string, param: ParamMetadata): void {
  const own: ParamMetadata[] = Reflect.getOwnMetadata(PARAMS_KEY, prototype, methodName) ?? [];
  Reflect.defineMetadata(PARAMS_KEY, [...own, param], prototype, methodName);
}

/** Every `@Tool` of a prototype and its bases; a subclass's declaration of a method wins. */
export function readTools(prototype: Prototype): ToolMetadata[] {
  const byMethod = new Map<string, ToolMetadata>();
  const chain: Prototype[] = [];
  for (
    let p: Prototype | null = prototype;
    p && p !== Object.prototype;
    p = Object.getPrototypeOf(p)
  ) {
    chain.unshift(p);
  }
  for (const p of chain) {
    for (const tool of (Reflect.getOwnMetadata(TOOLS_KEY, p) as ToolMetadata[] | undefined) ?? []) {
      byMethod.set(tool.methodName, tool);
    }
  }
  return [...byMethod.values()];
}

/** The decorated parameters of a method, sorted by index. */
export function readParams(prototype: Prototype, methodName: string): ParamMetadata[] {
  const params: ParamMetadata[] = Reflect.getMetadata(PARAMS_KEY, prototype, methodName) ?? [];
  return [...params].sort((a, b) => a.index - b.index);
}

/** The run-time parameter types TypeScript emitted for a method (empty without emitDecoratorMetadata). */
export function readParamTypes(prototype: Prototype, methodName: string): unknown[] {
  return Reflect.getMetadata(DESIGN_PARAMTYPES, prototype, methodName) ?? [];
}

/**
 * Whether TypeScript emitted `design:paramtypes` for the class's constructor or for one of its
 * decorated methods: false when the class was compiled without `emitDecoratorMetadata`.
 */
export function hasEmittedParamTypes(
  prototype: Prototype,
  methodNames: readonly string[],
): boolean {
  const { constructor } = prototype as { constructor: object };
  return (
    Reflect.hasOwnMetadata(DESIGN_PARAMTYPES, constructor) ||
    methodNames.some((name) => Reflect.hasMetadata(DESIGN_PARAMTYPES, prototype, name))
  );
}

/** The run-time type TypeScript emitted for a decorated property, if any. */
export function readPropertyType(prototype: Prototype, property: string): unknown {
  return Reflect.getMetadata(DESIGN_TYPE, prototype, property);
}
