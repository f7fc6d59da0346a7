/**
 * Result shaping: what the model and the client get of a method's return value is what the tool
 * declares. class-transformer's `instanceToPlain` runs first, so `@Exclude()`/`@Expose()` (and
 * `@Transform`) apply as Nest's `ClassSerializerInterceptor` applies them; then every property the
 * tool's output schema does not declare is dropped, at every depth. Called once, on the
 * registry's single invoke path, so every entry point (agent, MCP, OpenAI, adapters, the jobs
 * worker) sends the same shaped value.
 */
import { instanceToPlain } from 'class-transformer';
import { isToolContent } from '../content/toolContent';
import { textOf, withText } from '../content/withText';
import type { JsonSchema } from '../schema/JsonSchema';
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
 * Whether `value` is plain data all the way down (arrays, objects of `Object`'s or no
 * prototype, scalars, dates): class-transformer would only copy it, which for a SQL result of
 * 1,000 rows cost a third of the call (`npm run bench -- sql`), so it is skipped.
 */
function isPlainTree(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || value instanceof Date) return true;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item !== null && typeof item === 'object' && !isPlainTree(item)) return false;
    }
    return true;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in value) {
    if (!isPlainTree((value as Record<string, unknown>)[key])) return false;
  }
  return true;
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
  const plain = isPlainTree(value) ? value : (instanceToPlain(value) as unknown);
  const shaped = outputSchema ? pruneToSchema(plain, outputSchema) : { value: plain, dropped: [] };
  const text = textOf(value);
  if (text !== undefined && shaped.value !== null && typeof shaped.value === 'object')
    withText(shaped.value, text);
  return shaped;
}
