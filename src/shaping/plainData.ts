/**
 * A result as plain data, found on the shaping walk itself: a node whose prototype is `Object`'s
 * (or none), an array or a date is left as it is; any other object (a class instance, a `Map`)
 * becomes class-transformer's `instanceToPlain` form, so `@Exclude()`/`@Expose()` (and
 * `@Transform`) apply as Nest's `ClassSerializerInterceptor` applies them. A result that is plain
 * all the way is never copied (class-transformer's copy of a 1,000-row SQL result cost a third of
 * the call, `npm run bench -- sql`).
 */
import { instanceToPlain } from 'class-transformer';

/** An object node as plain data: itself, or class-transformer's plain form of it. */
export function plainNode(value: object): unknown {
  if (Array.isArray(value) || value instanceof Date) return value;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype === Object.prototype || prototype === null) return value;
  return instanceToPlain(value) as unknown;
}

/** Defines `key` as an own data property (a key named `__proto__` stays a property). */
export function put(out: object, key: string | number, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * `value` as plain data at every depth: itself when it already is, else a copy of the path to
 * each node class-transformer turned plain (for a subtree shaping does not prune: no output
 * schema, or one that leaves it open).
 */
export function plainTree(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (Array.isArray(value)) return plainItems(value);
  const node = plainNode(value);
  // class-transformer's form is plain all the way down.
  if (node !== value) return node;
  let copy: Record<string, unknown> | unknown[] | undefined;
  const source = value as Record<string, unknown>;
  for (const key of Object.keys(source)) {
    const item = source[key];
    const plain = plainTree(item);
    if (plain === item) continue;
    copy ??= Array.isArray(value) ? [...(value as unknown[])] : { ...source };
    put(copy, key, plain);
  }
  return copy ?? value;
}

/** An array as plain data: itself when every item already is (read by index, scalars skipped). */
function plainItems(items: unknown[]): unknown[] {
  let copy: unknown[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (item === null || typeof item !== 'object') continue;
    const plain = plainTree(item);
    if (plain === item) continue;
    copy ??= items.slice();
    copy[i] = plain;
  }
  return copy ?? items;
}
