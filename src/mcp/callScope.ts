/**
 * What every 2025 (SDK 1.x) `tools/call` handler shares: the request's extra (`Extra`), the
 * call's scope (the server, what the shared call path needs, and the tasks), the id and state a
 * call runs under, and the port the shared call path (`mcpToolCall`) sees the request through.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { APPROVAL_FORM } from './approveCall';
import type { JobTaskStore } from './JobTaskStore';
import { mcpCallId } from './mcpCallId';
import type { McpCallPort, McpCallScope } from './mcpToolCall';

/** What the SDK hands a request handler. */
export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** What a 2025 call needs besides its request: the shared scope, the server, its tasks. */
export interface CallScope extends McpCallScope {
  server: Server;
  /** Whether a tool is marked `longRunning` (it may be called as a task). */
  isLongRunning(name: string): boolean;
  /** The store of task-augmented calls, when the registry's jobs can back them. */
  taskStore?: JobTaskStore;
}

/**
 * The id a call runs under (`mcpCallId`): its own without a session, else scoped by the session
 * and the caller. Fresh on each call without a session, so a request takes it once.
 */
export function toolUseIdOf(extra: Extra): string {
  return mcpCallId(extra.sessionId, extra.requestId, extra.authInfo);
}

/** The application state of a call, from the options' `state` function. */
export const stateOf = (scope: CallScope, extra: Extra): unknown =>
  scope.options.state?.({ sessionId: extra.sessionId, authInfo: extra.authInfo });

/**
 * A 2025 request as the shared call path sees it: the user is asked through an elicitation
 * request during the call, progress goes out as notifications related to the request.
 * @example
 * return mcpToolCall(scope, call, portOf(scope, extra));
 */
export function portOf(scope: CallScope, extra: Extra): McpCallPort {
  const { server } = scope;
  return {
    authInfo: extra.authInfo,
    ...(extra.sessionId !== undefined ? { sessionId: extra.sessionId } : {}),
    toolUseId: toolUseIdOf(extra),
    signal: extra.signal,
    canElicit: Boolean(server.getClientCapabilities()?.elicitation?.form),
    ask: async (message) => {
      const answer = await server.elicitInput(
        { mode: 'form', message, requestedSchema: APPROVAL_FORM },
        { relatedRequestId: extra.requestId, signal: extra.signal },
      );
      return answer.action === 'accept' && answer.content?.approve === true;
    },
    notify: (notification) => extra.sendNotification(notification),
  };
}
