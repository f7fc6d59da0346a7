/**
 * Binds a definition to the instance it runs on and builds, once, the class its input is
 * validated as: the `@Params` DTO itself, or an argument class generated from the schema.
 */
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import type { ManifestNamedParam } from '../manifest/types';
import { isValidToolName } from '../naming/toolName';
import { buildArgumentClass } from '../validation/buildArgumentClass';
import type { ArgumentClass } from '../validation/buildArgumentClass';
import type { MethodFacts } from './definitionFromMetadata';
import { methodLabel, NO_DESIGN_TYPES, paramLabel } from './describeTarget';
import type { BoundTool, ToolDefinition } from './ToolDefinition';

/** A bound tool ready to be called. */
export function bindTool(
  definition: ToolDefinition,
  facts: MethodFacts,
  instance: object,
): BoundTool {
  const where = methodLabel(facts.className, facts.tool.methodName);
  if (!isValidToolName(definition.name)) {
    throw new ToolDefinitionError(
      `${where} has the tool name "${definition.name}", which the API refuses; use @Tool({ name }) matching ^[a-zA-Z0-9_-]{1,64}$`,
    );
  }
  const method = (instance as Record<string, unknown>)[
    facts.tool.methodName
  ] as BoundTool['method'];
  const spread = definition.params.find((p) => p.kind === 'spread');
  let argumentClass: ArgumentClass;
  if (spread) {
    const dto = facts.paramTypes[spread.index];
    if (typeof dto !== 'function' || dto === Object) {
      const where = paramLabel(facts.className, facts.tool.methodName, spread.index);
      const type = 'type' in spread && spread.type ? spread.type : 'OrderRequest';
      throw new ToolDefinitionError(
        facts.designTypes
          ? `${where} is @Params() but its run-time type is not a class; declare it as a DTO class (interfaces are erased)`
          : `${where} is @Params() without a class and ${NO_DESIGN_TYPES}; pass the DTO class: @Params(${type})`,
      );
    }
    argumentClass = dto as ArgumentClass;
  } else {
    const named = definition.params.filter((p): p is ManifestNamedParam => p.kind === 'named');
    argumentClass = buildArgumentClass(
      definition.name,
      named.map((p) => ({
        name: p.name,
        schema: definition.inputSchema.properties[p.name] ?? p.schema,
        runtimeType: facts.paramTypes[p.index],
      })),
    );
  }
  const hasInput = definition.params.some((p) => p.kind !== 'context');
  return {
    definition,
    instance,
    method,
    argumentClass,
    hasInput,
    params: definition.params,
  };
}
