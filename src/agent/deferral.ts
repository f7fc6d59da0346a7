/**
 * What a deferred approval (`'pause'`, or no approver in pause mode) becomes for a call: a
 * pause where the run can pause (`run`/`stream` with `approvals: 'pause'`), else a denial that
 * says why, since `resolve()` and callback mode have nothing to resume later.
 */

/** The call pauses the run. */
export const PAUSE: unique symbol = Symbol('toolwright:pause');

/** `PAUSE` when the run can pause, otherwise the denial reason. */
export function deferral(pausable: boolean): typeof PAUSE | string {
  return pausable
    ? PAUSE
    : "the approver answered 'pause', which needs approvals: 'pause' and run() or stream()";
}
