/** Redis was reached and refused the connection: where, and what it answered. */
import { ToolwrightError } from '../errors/ToolwrightError';

/**
 * Thrown by `startToolWorker()` and by the `ToolJobs` operations (answered as an `isError`
 * outcome by `run()`) as soon as Redis refuses the connection's credentials or rights (a wrong
 * password, `NOAUTH`, `NOPERM`): waiting longer would not help. The message names the address
 * (never a password) and Redis's answer; `cause` is that answer.
 */
export class RedisRefusedError extends ToolwrightError {
  constructor(
    /** Where Redis was reached: `host:port`, a socket path, or the sentinels. */
    readonly address: string,
    /** What Redis answered. */
    answer: Error,
  ) {
    super(
      `Redis at ${address} refused the connection (${answer.message}); check the user name and password of the connection, and that user's rights`,
      { cause: answer },
    );
  }
}
