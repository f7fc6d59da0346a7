/**
 * Which `$defs` are recursive (reach themselves through `$ref`s): those a strict projection keeps
 * as `$ref`s (or refuses) instead of inlining. A graph question, apart from the projection.
 */
import type { JsonSchema } from '../JsonSchema';
import { refName } from '../refs';

/** The `$ref` targets in `node`, outside nested `$defs`. */
function refsIn(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsIn(item, out);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = refName(value);
        if (name !== undefined) out.add(name);
      } else if (key !== '$defs') refsIn(value, out);
    }
  }
  return out;
}

/** The `$defs` that reach themselves through `$ref`s. */
export function cyclicDefs(defs: Record<string, JsonSchema>): Set<string> {
  const edges = new Map(Object.keys(defs).map((name) => [name, refsIn(defs[name], new Set())]));
  const reaches = (from: string, target: string, seen: Set<string>): boolean =>
    [...(edges.get(from) ?? [])].some(
      (to) => to === target || (!seen.has(to) && (seen.add(to), reaches(to, target, seen))),
    );
  return new Set(Object.keys(defs).filter((name) => reaches(name, name, new Set())));
}
