/**
 * Derives a tool's definition from run-time metadata alone (no manifest): names from
 * `@Param('name')`, types from `design:paramtypes`, DTO schemas from class-validator. What
 * cannot be known at run time is a `ToolDefinitionError` that says to name it or run codegen.
 */
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import type { ManifestParam } from '../manifest/types';
import type { NamedParamMetadata, ParamMetadata, ToolMetadata } from '../metadata/types';
import { toSnakeCase } from '../naming/toolName';
import { deriveDtoSchema, isValidatedClass, schemaOfRuntimeType } from '../derive/deriveDtoSchema';
import type { DeriveOptions } from '../derive/deriveDtoSchema';
import type { JsonSchema, ObjectSchema } from '../schema/JsonSchema';
import { methodLabel, NO_DESIGN_TYPES, paramLabel } from './describeTarget';
import { toolOptionsOf } from './toolOptions';
import type { ToolDefinition } from './ToolDefinition';

/** Everything the reflection layer knows of one `@Tool` method. */
export interface MethodFacts {
  className: string;
  /** `className` and its base classes' names, nearest first. */
  classChain: string[];
  tool: ToolMetadata;
  params: ParamMetadata[];
  /** `design:paramtypes`, with the classes given to `@Params(Dto)` in place. */
  paramTypes: unknown[];
  /** Whether the compiler emitted `design:paramtypes` (tsx, esbuild and Vitest do not). */
  designTypes: boolean;
}

function namedSchema(
  facts: MethodFacts,
  param: NamedParamMetadata,
  derive: DeriveOptions,
): JsonSchema {
  const where = paramLabel(facts.className, facts.tool.methodName, param.index);
  const runtimeType = facts.paramTypes[param.index];
  let base = schemaOfRuntimeType(runtimeType);
  if (!base && isValidatedClass(runtimeType)) base = deriveDtoSchema(runtimeType, derive);
  if (!base && !param.schema) {
    const why = facts.designTypes
      ? 'has a type that is erased at run time (an interface, union or literal type)'
      : `has no run-time type: ${NO_DESIGN_TYPES}`;
    throw new ToolDefinitionError(
      `${where} ("${param.name}") ${why}; ` +
        `run toolwright codegen and pass the manifest, or add @Param('${param.name}', { schema: { ... } })`,
    );
  }
  const schema: JsonSchema = { ...base, ...param.schema };
  if (schema.type === 'array' && schema.items === undefined) {
    throw new ToolDefinitionError(
      `${where} ("${param.name}") is an array whose element type is erased at run time; ` +
        `add @Param('${param.name}', { schema: { type: 'array', items: { type: 'string' } } }) or run toolwright codegen`,
    );
  }
  if (param.description) schema.description = param.description;
  return schema;
}

function spreadSchema(
  facts: MethodFacts,
  index: number,
  derive: DeriveOptions,
): { schema: ObjectSchema; type: string } {
  const runtimeType = facts.paramTypes[index];
  if (runtimeType === undefined && !facts.designTypes) {
    throw new ToolDefinitionError(
      `${paramLabel(facts.className, facts.tool.methodName, index)} is @Params() without a class and ${NO_DESIGN_TYPES}; ` +
        `pass the DTO class: @Params(OrderRequest)`,
    );
  }
  if (!isValidatedClass(runtimeType)) {
    throw new ToolDefinitionError(
      `${paramLabel(facts.className, facts.tool.methodName, index)} is @Params() but its type is not a class ` +
        `with class-validator decorators; declare the input as a DTO class or use @Param('name') per property`,
    );
  }
  return { schema: deriveDtoSchema(runtimeType, derive), type: runtimeType.name };
}

/** The definition of one tool, from decorators and emitted types. */
export function definitionFromMetadata(
  facts: MethodFacts,
  derive: DeriveOptions = {},
): ToolDefinition {
  const { className, tool } = facts;
  const options = toolOptionsOf(tool.options, methodLabel(className, tool.methodName));
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const params: ManifestParam[] = [];
  // A `$ref` points from the root (`#/$defs/…`), so a named DTO's `$defs` move up to the input schema.
  const defs: Record<string, JsonSchema> = {};
  let inputSchema: ObjectSchema | undefined;
  for (const param of facts.params) {
    switch (param.kind) {
      case 'context':
        params.push({ kind: 'context', index: param.index });
        break;
      case 'spread': {
        const { schema, type } = spreadSchema(facts, param.index, derive);
        inputSchema = schema;
        params.push({ kind: 'spread', index: param.index, type });
        break;
      }
      case 'named': {
        if (!param.name) {
          throw new ToolDefinitionError(
            `${paramLabel(className, tool.methodName, param.index)} has @Param() without a name, which is only known ` +
              `from the source; add @Param('name') or run toolwright codegen and pass the manifest`,
          );
        }
        const { $defs, ...schema } = namedSchema(facts, param, derive);
        Object.assign(defs, $defs);
        properties[param.name] = schema;
        if (!param.optional) required.push(param.name);
        params.push({
          kind: 'named',
          index: param.index,
          name: param.name,
          optional: Boolean(param.optional),
          schema,
        });
        break;
      }
    }
  }
  if (inputSchema && params.filter((p) => p.kind !== 'context').length > 1) {
    throw new ToolDefinitionError(
      `${className}.${tool.methodName} mixes @Params() with other input parameters; ` +
        `move them into the DTO or use @Param('name') for each`,
    );
  }
  inputSchema ??= {
    type: 'object',
    properties,
    additionalProperties: false,
    ...(required.length ? { required } : {}),
    ...(Object.keys(defs).length ? { $defs: defs } : {}),
  };
  return {
    name: tool.options.name ?? toSnakeCase(tool.methodName),
    description: tool.options.description ?? '',
    inputSchema,
    target: { class: className, method: tool.methodName },
    params,
    ...(tool.options.examples?.length ? { examples: tool.options.examples } : {}),
    options,
  };
}
