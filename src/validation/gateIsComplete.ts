/**
 * Whether the schema gate alone decides a tool's input: every parameter is a named primitive
 * (string, number, integer, boolean, their enums and bounds, no `format`), so `checkSchema`
 * checks every constraint the generated argument class would, and `plainToInstance` has nothing
 * to convert. Such tools skip class-transformer and class-validator, which cost more than the
 * rest of a call (see `bench/mcp`). Decided once per tool.
 */
import type { JsonSchema } from '../schema/JsonSchema';
import type { BoundTool } from '../registry/ToolDefinition';

const PRIMITIVE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/** The keywords `checkSchema` fully enforces on a primitive, plus annotations. */
const GATED_KEYWORDS = new Set([
  'type',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'description',
  'title',
  'default',
  'examples',
  'deprecated',
]);

function isGatedPrimitive(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return (
    types.length > 0 &&
    types.every((type) => type !== undefined && PRIMITIVE_TYPES.has(type)) &&
    Object.keys(schema).every((key) => GATED_KEYWORDS.has(key))
  );
}

const decided = new WeakMap<BoundTool, boolean>();

/**
 * True when the schema gate is the whole validation of `tool`'s input.
 * @example
 * if (gateIsComplete(tool)) return { ok: true, input, instance: input };
 */
export function gateIsComplete(tool: BoundTool): boolean {
  let complete = decided.get(tool);
  if (complete === undefined) {
    complete = tool.params.every(
      (param) =>
        param.kind === 'context' || (param.kind === 'named' && isGatedPrimitive(param.schema)),
    );
    decided.set(tool, complete);
  }
  return complete;
}
