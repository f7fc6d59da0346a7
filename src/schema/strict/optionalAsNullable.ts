/**
 * OpenAI's strict mode has every property required, so an optional property becomes one that
 * also takes `null`. Separate from `schema/nullable.ts` (`withNull`, for `T | null` types)
 * because it must also cover the projected shapes: a `$ref`, a `const`, a node without `type`.
 */
import type { JsonSchema } from '../JsonSchema';
import { typesOf } from '../typesOf';

const acceptsNull = (node: JsonSchema): boolean =>
  typesOf(node).includes('null') ||
  (Array.isArray(node.enum) && node.enum.includes(null)) ||
  node.const === null ||
  (Array.isArray(node.anyOf) && node.anyOf.some(acceptsNull));

/** `node` that also takes `null` (OpenAI's way of saying optional). */
export function optionalAsNullable(node: JsonSchema): JsonSchema {
  if (acceptsNull(node)) return node;
  if (node.$ref !== undefined) return { anyOf: [node, { type: 'null' }] };
  if (Array.isArray(node.anyOf)) return { ...node, anyOf: [...node.anyOf, { type: 'null' }] };
  const out: JsonSchema = { ...node };
  if (node.type !== undefined) out.type = [...typesOf(node), 'null'];
  if (Array.isArray(node.enum)) out.enum = [...node.enum, null];
  return out;
}
