/** A job refused because its idempotency key already names another call. */
import { ToolwrightError } from '../errors/ToolwrightError';
import { sliceAtCodePoints } from '../text/cutAtCodePoint';

/** A key as a message shows it: quoted, bounded. */
const shown = (key: string): string =>
  JSON.stringify(key.length > 80 ? `${sliceAtCodePoints(key, 0, 80)}…` : key);

/**
 * Thrown by `ToolJobs.enqueue()` (and answered as an `isError` outcome by `run()`) when a call
 * comes with an idempotency key an earlier call of another tool, of the same tool with other
 * input, or of another caller (another `caller.id`) already holds: joining it would hand one
 * caller the result of another's call. A key names one call: only that call made again may join its job, as a
 * payment API refuses a reused key with other parameters.
 */
export class IdempotencyKeyReusedError extends ToolwrightError {
  constructor(
    /** The key both calls gave. */
    readonly idempotencyKey: string,
    /** The tool the key belongs to. */
    readonly heldBy: string,
    /** The tool of the refused call. */
    readonly tool: string,
    /** The key is held by the same tool's call of another caller. */
    readonly otherCaller = false,
  ) {
    const what =
      heldBy !== tool
        ? `a call of "${heldBy}", not "${tool}"`
        : otherCaller
          ? `a call of "${heldBy}" by another caller`
          : `a call of "${heldBy}" with other input`;
    super(
      `idempotency key ${shown(idempotencyKey)} already belongs to ${what}, so this call was refused; give each call its own key (the same key only for the same call made again)`,
    );
  }
}
