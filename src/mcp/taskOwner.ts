/**
 * Whose MCP task a request may see: the caller it was authenticated as (`callerDigest`: a digest
 * of its id, else of its token), on every transport, stateless included, and its session when it
 * has one. A task is bound to the owner of the request that created it (`JobTaskStore`).
 */
import type { TaskOwner } from '../calls/ToolJobDispatcher';
import { callerDigest } from './callerDigest';

/**
 * The owner of a request's tasks; `{}` for an anonymous request without a session.
 * @example
 * await store.getTask(taskId, taskOwnerOf(extra));
 */
export function taskOwnerOf(extra: { sessionId?: string; authInfo?: unknown }): TaskOwner {
  const caller = callerDigest(extra.authInfo);
  return {
    ...(caller !== undefined ? { caller } : {}),
    ...(extra.sessionId !== undefined ? { sessionId: extra.sessionId } : {}),
  };
}
