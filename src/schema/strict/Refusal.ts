/**
 * How a strict projection gives up: `refuse` throws a `Refusal` carrying the reason (prefixed by
 * the path) from anywhere in the walk, and the entry point turns it into `{ strict: false }`.
 * Not an `Error`: it never leaves the projection, so it carries no stack.
 */

/** Thrown inside a walk when the schema cannot be made strict; caught at the entry point. */
export class Refusal {
  constructor(readonly reason: string) {}
}

/** Stops the projection: the schema at `path` cannot be made strict, because `why`. */
export const refuse = (path: string, why: string): never => {
  throw new Refusal(`${path || 'input'}: ${why}`);
};
