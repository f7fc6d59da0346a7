/**
 * Result shaping: what the model and the client get of a method's return value is what the tool
 * declares. Each class instance is turned plain by class-transformer's `instanceToPlain` as the
 * walk reaches it, so `@Exclude()`/`@Expose()` (and `@Transform`) apply as Nest's
 * `ClassSerializerInterceptor` applies them, and every property the tool's output schema does not
 * declare is dropped, at every depth, in the same walk. Called once, on the
 * registry's single invoke path, so every entry point (agent, MCP, OpenAI, adapters, the jobs
 * worker) sends the same shaped value.
 */
import { isToolContent } from '../content/toolContent';
import { textOf, withText } from '../content/withText';
import type { JsonSchema } from '../schema/JsonSchema';
import { plainTree } from './plainData';
import { pruneToSchema } from './pruneToSchema';
import type { Pruned } from './pruneToSchema';

export type { Pruned } from './pruneToSchema';

/** Values shaping leaves as they are: scalars, content blocks, binary data. */
function isLeftAlone(value: unknown): boolean {
  return (
    value === null ||
    typeof value !== 'object' ||
    isToolContent(value) ||
    value instanceof Date ||
    ArrayBuffer.isView(value)
  );
}

/**
 * `value` as the tool declares it: class-transformer's plain form, without the properties the
 * output schema (when the tool has one) does not declare. `dropped` names them, never their values.
 * @example
 * shapeResult({ id: 1, internal_cost: 3 }, { type: 'object', properties: { id: { type: 'number' } }, additionalProperties: false });
 * // { value: { id: 1 }, dropped: ['internal_cost'] }
 */
export function shapeResult(value: unknown, outputSchema: JsonSchema | undefined): Pruned {
  if (isLeftAlone(value)) return { value, dropped: [] };
  // One walk: each node is turned plain (class-transformer) as pruning reaches it.
  const shaped = outputSchema
    ? pruneToSchema(value, outputSchema)
    : { value: plainTree(value), dropped: [] };
  const text = textOf(value);
  if (text !== undefined && shaped.value !== null && typeof shaped.value === 'object')
    withText(shaped.value, text);
  return shaped;
}
