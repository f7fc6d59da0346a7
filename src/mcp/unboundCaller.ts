/**
 * Says so when a stateful session cannot be bound to its caller: the request was authenticated
 * (`req.auth` is set) but names neither an id nor a token, as a guard that maps an API key to
 * scopes and roles alone does. Such a session answers anyone who holds its id, as an anonymous
 * one does; the fix is the application's (give the caller an `id`), so it is warned, once per
 * endpoint, through the endpoint's `logger`.
 */
import type { Logger } from '../registry/types';

/**
 * A check for each new session: its `req.auth`, and the caller digest the session is bound to
 * (`callerDigest`); warns the first time a request is authenticated and still has no digest.
 * @example
 * const checkBinding = unboundCallerWarning(options.logger);
 * checkBinding(req.auth, owner);
 */
export function unboundCallerWarning(
  logger: Logger | undefined,
): (authInfo: unknown, owner: string | undefined) => void {
  let warned = false;
  return (authInfo, owner) => {
    if (warned || owner !== undefined || typeof authInfo !== 'object' || authInfo === null) return;
    warned = true;
    logger?.warn(
      'toolwright/mcp: an authenticated caller with neither an id nor a token opened a session, which therefore cannot be bound to it: anyone holding its Mcp-Session-Id can use it. Give the caller an id (ToolCaller.id, or the AuthInfo clientId).',
    );
  };
}
