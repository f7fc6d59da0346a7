/**
 * Who calls an MCP request, as a short digest of the `AuthInfo` the HTTP layer attached to it
 * (`req.auth`): the caller's id, else its bearer token, hashed so that neither is kept. Apart so
 * the call id (`mcpCallId`) and the session binding (`McpSessions`) name a caller by one rule.
 */
import { createHash } from 'node:crypto';
import { callerOf } from './callerOf';

/**
 * The caller of an `AuthInfo` as a digest of its id, else of its token; undefined when anonymous.
 * @example
 * callerDigest(req.auth); // 'Q3x9…' (16 characters) or undefined
 */
export function callerDigest(authInfo: unknown): string | undefined {
  const identity =
    callerOf(authInfo)?.id || (authInfo as { token?: unknown } | undefined)?.token || undefined;
  if (typeof identity !== 'string') return undefined;
  return createHash('sha256').update(identity).digest('base64url').slice(0, 16);
}
