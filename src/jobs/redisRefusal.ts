/**
 * Tells a Redis that answers but refuses the connection (a wrong password, a user without the
 * rights, `AUTH` where none is set) from one that cannot be reached. ioredis reports both as
 * client errors and keeps reconnecting, so without this a wrong password reads as "cannot
 * reach Redis … retrying" and every queue operation waits out its time limit for a Redis that
 * will refuse it each time.
 */

/** The first words of the replies by which Redis refuses a connection's credentials or rights. */
const REFUSALS = /^(NOAUTH|WRONGPASS|NOPERM|ERR (invalid password|AUTH|Client sent AUTH))/;

/**
 * Whether `error` is Redis refusing the connection (ioredis's `ReplyError` carrying an
 * authentication or permission refusal), not the network failing to reach it.
 * @example
 * client.on('error', (error) => (refusesConnection(error) ? failNow(error) : keepWaiting()));
 */
export function refusesConnection(error: Error | undefined): boolean {
  return error?.name === 'ReplyError' && REFUSALS.test(error.message);
}
