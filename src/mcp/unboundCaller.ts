/**
 * Says so when a stateful session, or a stateless endpoint's MCP tasks, cannot be bound to the
 * caller: the request was authenticated (`req.auth` is set) but names neither an id nor a token,
 * as a guard that maps an API key to scopes and roles alone does. Such a session answers anyone
 * who holds its id, and such a task anyone without a caller, as anonymous ones do; the fix is
 * the application's (give the caller an `id`), so it is warned, once per endpoint, through the
 * endpoint's `logger`.
 */
import type { Logger } from '../registry/types';

/** What cannot be bound: a stateful endpoint's sessions, or a stateless endpoint's tasks. */
export type Unbound = 'session' | 'tasks';

const WARNINGS: Record<Unbound, string> = {
  session:
    'toolwright/mcp: an authenticated caller with neither an id nor a token opened a session, which therefore cannot be bound to it: anyone holding its Mcp-Session-Id can use it. Give the caller an id (ToolCaller.id, or the AuthInfo clientId).',
  tasks:
    'toolwright/mcp: an authenticated caller with neither an id nor a token called this stateless endpoint, so the MCP tasks it makes cannot be bound to it: any client without a caller can read and cancel them. Give the caller an id (ToolCaller.id, or the AuthInfo clientId).',
};

/**
 * A check for each new session (or each stateless request, for tasks): its `req.auth`, and the
 * caller digest it is bound to (`callerDigest`); warns the first time a request is
 * authenticated and still has no digest.
 * @example
 * const checkBinding = unboundCallerWarning(options.logger);
 * checkBinding(req.auth, owner);
 */
export function unboundCallerWarning(
  logger: Logger | undefined,
  unbound: Unbound = 'session',
): (authInfo: unknown, owner: string | undefined) => void {
  let warned = false;
  return (authInfo, owner) => {
    if (warned || owner !== undefined || typeof authInfo !== 'object' || authInfo === null) return;
    warned = true;
    logger?.warn(WARNINGS[unbound]);
  };
}
