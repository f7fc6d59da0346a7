/**
 * Binds a definition to the instance it runs on and plans, once, how its input is checked: the
 * schema gate always; class-validator for a `@Params` DTO (unless the schema judges all of its
 * constraints) and for the named parameters the schema cannot describe (a `Date`, a DTO class,
 * known from decorator metadata, `@Param({ type })` or, without metadata, the manifest).
 */
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import type { ManifestNamedParam } from '../manifest/types';
import { isValidToolName } from '../naming/toolName';
import { buildArgumentClass, needsClassValidator } from '../validation/buildArgumentClass';
import { DEFAULT_PIPE } from '../validation/pipeOptions';
import type { PipeSettings } from '../validation/pipeOptions';
import { coverageOf } from '../validation/schemaCoverage';
import { auditSchema } from '../validation/schemaKeywords';
import type { ArgumentClass, ClassValidation } from '../validation/types';
import type { MethodFacts } from './definitionFromMetadata';
import { methodLabel, NO_DESIGN_TYPES, paramLabel } from './describeTarget';
import type { BoundTool, ToolDefinition } from './ToolDefinition';

/**
 * A named parameter's run-time class: emitted (`design:paramtypes`) or given (`@Param({ type })`);
 * without decorator metadata, the manifest's `Date`; a DTO class the manifest names must be given.
 */
function runtimeTypeOf(param: ManifestNamedParam, facts: MethodFacts): unknown {
  const known = facts.paramTypes[param.index];
  if (known !== undefined || facts.designTypes || !param.type) return known;
  if (param.type === 'Date') return Date;
  throw new ToolDefinitionError(
    `${paramLabel(facts.className, facts.tool.methodName, param.index)} is the DTO class ${param.type} but ${NO_DESIGN_TYPES}; pass the class: @Param({ type: ${param.type} })`,
  );
}

/** A bound tool ready to be called. */
export function bindTool(
  definition: ToolDefinition,
  facts: MethodFacts,
  instance: object,
  pipe: PipeSettings = DEFAULT_PIPE,
): BoundTool {
  const where = methodLabel(facts.className, facts.tool.methodName);
  if (!isValidToolName(definition.name)) {
    throw new ToolDefinitionError(
      `${where} has the tool name "${definition.name}", which the API refuses; use @Tool({ name }) matching ^[a-zA-Z0-9_-]{1,64}$`,
    );
  }
  const [fault] = auditSchema(definition.inputSchema, definition.inputSchema.$defs);
  if (fault) {
    throw new ToolDefinitionError(
      `${where} (tool "${definition.name}"): its input schema's ${fault.keyword} at ${fault.path} ${fault.why}; ` +
        `use the keywords toolwright enforces (see docs/validation.md in the package, "What the model sees on bad input")`,
    );
  }
  const method = (instance as Record<string, unknown>)[
    facts.tool.methodName
  ] as BoundTool['method'];
  const spread = definition.params.find((p) => p.kind === 'spread');
  let classValidation: ClassValidation | undefined;
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
    const argumentClass = dto as ArgumentClass;
    const coverage = coverageOf(argumentClass, pipe);
    if (coverage.refused.length > 0) {
      throw new ToolDefinitionError(
        `${where} (tool "${definition.name}") can never be called: ${coverage.refused.join('; ')}`,
      );
    }
    classValidation = { kind: 'dto', argumentClass, validate: !coverage.exact };
  } else {
    const named = definition.params
      .filter((p): p is ManifestNamedParam => p.kind === 'named')
      .map((p) => ({
        name: p.name,
        schema: definition.inputSchema.properties[p.name] ?? p.schema,
        runtimeType: runtimeTypeOf(p, facts),
      }))
      .filter(needsClassValidator);
    if (named.length > 0) {
      classValidation = {
        kind: 'named',
        argumentClass: buildArgumentClass(definition.name, named),
        names: named.map((p) => p.name),
      };
    }
  }
  return {
    definition,
    instance,
    method,
    plan: {
      schema: definition.inputSchema,
      ...(pipe === DEFAULT_PIPE ? {} : { pipe }),
      ...(classValidation ? { classValidation } : {}),
    },
    params: definition.params,
  };
}
