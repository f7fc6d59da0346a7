/**
 * The object `check()` hands back for a valid input: the registry's own copy of the checked
 * values, frozen all the way down. `call()` recognises it by identity and runs what was
 * checked without validating again, so an edit of it must not pass silently: in strict code
 * (every ES module, every TypeScript class) it throws a `TypeError`, and elsewhere it does
 * nothing, so what the object shows is always what runs.
 */

/** A deep copy of checked JSON data (plain objects and arrays; depth already bounded). */
function copyJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(out, key, { value: copyJson(item), enumerable: true, writable: true });
  }
  return out;
}

function freezeDeep<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) freezeDeep(item);
    Object.freeze(value);
  }
  return value;
}

/** The frozen snapshot of `checked`; a copy, so the caller's own object stays theirs. */
export function frozenSnapshot(checked: Record<string, unknown>): Record<string, unknown> {
  return freezeDeep(copyJson(checked) as Record<string, unknown>);
}
