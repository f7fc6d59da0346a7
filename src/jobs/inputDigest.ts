/**
 * The digest of a call's validated input, kept with its job and its key, so a call that comes
 * again with the key of another call's input is told apart (property order does not count).
 */
import { createHash } from 'node:crypto';

/** The JSON text of a value with every object's keys sorted. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A SHA-256 (hex) of the input's canonical JSON. */
export function inputDigest(input: unknown): string {
  return createHash('sha256').update(canonical(input)).digest('hex');
}
