/**
 * The error an aborted run rejects with: `name === 'AbortError'` as `fetch` and Node's own APIs
 * use, so `error.name === 'AbortError'` checks work; the signal's reason is its `cause`.
 */

/** Thrown by `run`, `stream`, `step` and `resolve` when their `signal` fires. */
export class AbortError extends Error {
  constructor(reason?: unknown) {
    super('The run was aborted', reason === undefined ? undefined : { cause: reason });
    this.name = 'AbortError';
  }
}
