/**
 * What an approval hook or a `resume()` decides about one call. Its own file, below
 * `agent/types` and `agent/pause/types`, so both can name it without importing each other.
 */

/** `true` approves; `false` or `{ approved: false, reason }` denies (the reason reaches the model). */
export type ApprovalDecision = boolean | { approved: boolean; reason?: string };
