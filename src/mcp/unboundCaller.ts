/**
 * Says so when a stateful session cannot be bound to its caller: the request was authenticated
 * (`req.auth` is set) but names neither an id nor a token, as a guard that maps an API key to
 * scopes and roles alone does. Such a session answers anyone who holds its id, as an anonymous
 * one does; the fix is the application's (give the caller an `id`), so it is warned, once per
 * endpoint, through the endpoint's `logger`.
 */
import type { Logger } from '../registry/types';
import { callerDigest } from './callerDigest';

/**
 * A check for each new session's `req.auth`, warning the first time one is authenticated and
 * still cannot be bound.
 * @example
 * const checkBinding = unboundCallerWarning(options.logger);
 * checkBinding(req.auth);
 */
export function unboundCallerWarning(logger: Logger | undefined): (authInfo: unknown) => void {
  let warned = false;
  return (authInfo) => {
    if (warned || typeof authInfo !== 'object' || authInfo === null) return;
    if (callerDigest(authInfo) !== undefined) return;
    warned = true;
    logger?.warn(
      'toolwright/mcp: an authenticated caller with neither an id nor a token opened a session, which therefore cannot be bound to it: anyone holding its Mcp-Session-Id can use it. Give the caller an id (ToolCaller.id, or the AuthInfo clientId).',
    );
  };
}
