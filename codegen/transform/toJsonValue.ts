/**
 * Keeps an evaluated literal only when it is plain JSON (no `RegExp`, no `undefined`, no
 * functions), so what codegen writes into a manifest always round-trips through `JSON.parse`.
 */
import type { JsonValue } from '../../src/schema/JsonSchema';

/** `value` as JSON, or `undefined` when part of it is not JSON. */
export function toJsonValue(value: unknown): JsonValue | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (Array.isArray(value)) {
    const items = value.map(toJsonValue);
    return items.some((item) => item === undefined) ? undefined : (items as JsonValue[]);
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      if (item === undefined) continue;
      const converted = toJsonValue(item);
      if (converted === undefined) return undefined;
      out[key] = converted;
    }
    return out;
  }
  return undefined;
}
