/**
 * `allOf` in a strict projection: the members that only add constraints (`@MinLength` over a
 * documented alias) fold into the node, a keyword both sides set differently becomes words; a
 * member that gives a shape is refused, since strict grammars cannot intersect shapes.
 */
import type { JsonSchema } from '../JsonSchema';
import { isJsonObject } from '../isJsonObject';
import type { Dropped } from './constraintWords';
import { refuse } from './Refusal';

/** Keywords that give a node its shape (an `allOf` member without them only adds constraints). */
const SHAPE = [
  'type',
  'properties',
  'items',
  'prefixItems',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  'enum',
  'const',
  'additionalProperties',
  'patternProperties',
  'not',
];

/** A node with its constraint-only `allOf` members folded in (their keywords become its own or words). */
export function foldAllOf(node: JsonSchema, path: string): { node: JsonSchema; extra: Dropped } {
  const { allOf, ...rest } = node;
  const extra: Dropped = {};
  if (!Array.isArray(allOf)) return { node, extra };
  const folded: JsonSchema = { ...rest };
  for (const member of allOf) {
    if (!isJsonObject(member) || SHAPE.some((k) => member[k] !== undefined)) {
      refuse(path, 'an intersection of shapes (allOf) strict mode cannot state');
    }
    for (const [keyword, value] of Object.entries(member)) {
      if (keyword === 'pattern') {
        extra.pattern = [...((extra.pattern as string[]) ?? []), String(value)];
      } else if (folded[keyword] === undefined) folded[keyword] = value;
      else if (JSON.stringify(folded[keyword]) !== JSON.stringify(value)) extra[keyword] = value;
    }
  }
  return { node: folded, extra };
}
