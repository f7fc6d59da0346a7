/**
 * Schemas already built for a checker type, shared by the tools of one file (an incremental
 * session drops a file's with the file) or of a whole cold run: a DTO, a result type or a
 * filter interface that ten tools use is described once. Only schemas that stand alone
 * are kept (no `$ref` into one tool's `$defs`, no problem reported while building them), and
 * every read is a copy, since callers add `description` or `default` to what they get.
 */
import type { ts } from '../typescript';
import type { JsonSchema } from '../../src/schema/JsonSchema';

/** The same type reads differently per direction and per annotation (member and union order). */
const keyOf = (direction: string, typeNode: ts.TypeNode | undefined): string =>
  typeNode ? `${direction}:${typeNode.getText()}` : direction;

/**
 * A deep copy of a schema (plain JSON values): several times faster than `structuredClone` on the
 * many small objects a schema is, and a `"__proto__"` property stays a property.
 */
function copy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copy) as T;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copy((value as Record<string, unknown>)[key]);
    if (key === '__proto__')
      Object.defineProperty(out, key, {
        value: item,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else out[key] = item;
  }
  return out as T;
}

export class SchemaCache {
  private readonly byType = new Map<ts.Type, Map<string, JsonSchema>>();

  /** A copy of the schema built for `type` in this direction with this annotation, if any. */
  get(type: ts.Type, direction: string, typeNode?: ts.TypeNode): JsonSchema | undefined {
    const schema = this.byType.get(type)?.get(keyOf(direction, typeNode));
    return schema && copy(schema);
  }

  /** Keeps a copy of `schema` as the description of `type`. */
  set(
    type: ts.Type,
    direction: string,
    typeNode: ts.TypeNode | undefined,
    schema: JsonSchema,
  ): void {
    let entries = this.byType.get(type);
    if (!entries) this.byType.set(type, (entries = new Map()));
    entries.set(keyOf(direction, typeNode), copy(schema));
  }
}
