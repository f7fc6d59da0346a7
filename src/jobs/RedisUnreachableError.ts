/** Redis could not be reached within the time given: where it was tried, and the last error. */
import { ToolwrightError } from '../errors/ToolwrightError';

/**
 * Thrown by `startToolWorker()` when Redis cannot be reached within `startTimeoutMs`, and by
 * the `ToolJobs` operations (answered as an `isError` outcome by `run()`) when it cannot be
 * reached within `offlineTimeoutMs`. The message names the address tried (never a password)
 * and the last connection error; `cause` is that error.
 */
export class RedisUnreachableError extends ToolwrightError {
  constructor(
    /** Where Redis was tried: `host:port`, a socket path, or the sentinels. */
    readonly address: string,
    /** How long it was waited for, in ms. */
    readonly waitedMs: number,
    /** The last connection error, if any came. */
    lastError?: Error,
  ) {
    const why = lastError ? `last error: ${lastError.message}` : 'no answer';
    super(
      `cannot reach Redis at ${address} within ${waitedMs} ms (${why}); check the connection (the URL, or host and port) and that Redis is up`,
      lastError ? { cause: lastError } : undefined,
    );
  }
}
