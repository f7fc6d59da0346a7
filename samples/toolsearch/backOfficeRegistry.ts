/**
 * The registry of the tool search sample: the 1,010 tools of the bench's back office (60
 * services, `bench/toolsearch`), registered at run time. An application decorates its service
 * classes and runs codegen; this sample makes the same classes from the bench's specs, applying
 * `@Tool` and `@Param` as the decorators would, so the suite needs no generated project. Each
 * tool answers its name and input.
 */
import { Param, Tool, ToolRegistry } from 'toolwright';
import type { JsonSchema } from 'toolwright';
import { SERVICES, toolsOf } from '../../bench/toolsearch/realisticProject';
import type { RealisticParam } from '../../bench/toolsearch/realisticProject';

/** The JSON Schema of a parameter's TypeScript type as the specs write it. */
function schemaOf(param: RealisticParam): JsonSchema {
  if (param.type === 'string[]') return { type: 'array', items: { type: 'string' } };
  if (param.type.startsWith("'"))
    return { enum: param.type.split(' | ').map((v) => v.slice(1, -1)) };
  return { type: param.type as 'string' | 'number' | 'boolean' };
}

/** One service class with its tools, decorated as its source would be. */
function serviceClass(service: (typeof SERVICES)[number]): new () => object {
  const Service = class {};
  Object.defineProperty(Service, 'name', { value: service.className });
  const proto = Service.prototype as Record<string, unknown>;
  for (const tool of toolsOf(service)) {
    proto[tool.method] = function (...args: unknown[]) {
      return {
        tool: tool.name,
        input: Object.fromEntries(tool.params.map((p, i) => [p.name, args[i]])),
      };
    };
    tool.params.forEach((param, index) =>
      Param(param.name, {
        schema: schemaOf(param),
        description: param.doc,
        optional: param.optional,
      })(proto, tool.method, index),
    );
    Tool({ description: tool.summary })(
      proto,
      tool.method,
      Object.getOwnPropertyDescriptor(proto, tool.method)!,
    );
  }
  return Service;
}

/** The 1,010-tool registry. */
export function backOfficeRegistry(): ToolRegistry {
  return new ToolRegistry().register(...SERVICES.map((service) => new (serviceClass(service))()));
}
