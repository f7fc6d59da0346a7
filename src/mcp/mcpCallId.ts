/**
 * The id an MCP `tools/call` runs under (`ctx.toolUseId`, and the idempotency key of its
 * durable job). A JSON-RPC id is only unique per client and every fresh client starts at the
 * same one, so it never names a call alone: a sessionless request (stateless 2025, every
 * 2026-07-28 request) gets an id of its own, and a session's request is scoped by the session
 * and by its authenticated caller. Apart so both revisions build it by one rule.
 */
import { randomUUID } from 'node:crypto';
import { callerDigest } from './callerDigest';

/**
 * The call id of one MCP request: `mcp-<uuid>` without a session (nothing there tells one
 * client's request 1 from another's, nor a retry from a new call), else
 * `mcp-<session>-<request id>`, with a digest of the caller between them when one is
 * authenticated, so that two callers never share a key even if they share a session id.
 * @example
 * mcpCallId(extra.sessionId, extra.requestId, extra.authInfo); // 'mcp-0d6a…-3'
 */
export function mcpCallId(
  sessionId: string | undefined,
  requestId: string | number,
  authInfo?: unknown,
): string {
  if (!sessionId) return `mcp-${randomUUID()}`;
  const caller = callerDigest(authInfo);
  return caller ? `mcp-${sessionId}-${caller}-${requestId}` : `mcp-${sessionId}-${requestId}`;
}
