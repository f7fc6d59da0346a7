/**
 * What every `tools/call` handler shares: the request's extra (`Extra`), the call's scope (the
 * server, the registry, the options and what the tools list says of each tool), the id and
 * state a call runs under, and the approval of a tool marked `requiresApproval`.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  CallToolResult,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { sanitizeForModel } from '../errors/sanitizeForModel';
import { APPROVAL_FORM, approveCall } from './approveCall';
import type { ManifestToolOptions } from '../manifest/types';
import type { JobTaskStore } from './JobTaskStore';
import { mcpCallId } from './mcpCallId';
import type { OutputShape } from './outputShape';
import { mcpErrorResult } from './toMcpResult';
import type { McpServerOptions, McpToolSource } from './types';

/** What the SDK hands a request handler. */
export type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** What a call needs besides its request: the server, the registry, options, output shapes. */
export interface CallScope {
  server: Server;
  registry: McpToolSource;
  options: McpServerOptions;
  /** The output shape of a tool, or undefined when it has no output schema. */
  shapeOf(name: string): OutputShape | undefined;
  /** Whether a tool is marked `requiresApproval`. */
  needsApproval(name: string): boolean;
  /** Whether results are checked against their output schema. */
  checkResults: boolean;
  /** Whether a tool is marked `longRunning` (it may be called as a task). */
  isLongRunning(name: string): boolean;
  /** What a tool asks of its caller (`@Tool({ scopes, roles })`), when it asks anything. */
  accessOf(name: string): Pick<ManifestToolOptions, 'scopes' | 'roles'> | undefined;
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

/** The text of a refusal: names the tool, says it did not run, and why. */
export function refusal(name: string, reason: string): CallToolResult {
  return mcpErrorResult(sanitizeForModel(`Tool ${JSON.stringify(name)} was not run: ${reason}`));
}

/**
 * Whether a tool marked `requiresApproval` may run, asked of the call `toolUseId` (the id it
 * then runs under): undefined when approved, else the refusal.
 */
export async function approvalOf(
  scope: CallScope,
  name: string,
  input: Record<string, unknown>,
  extra: Extra,
  toolUseId: string,
): Promise<CallToolResult | undefined> {
  const { server, options } = scope;
  const request = {
    name,
    input,
    toolUseId,
    sessionId: extra.sessionId,
    canElicit: Boolean(server.getClientCapabilities()?.elicitation?.form),
  };
  const ask = async (message: string): Promise<boolean> => {
    const answer = await server.elicitInput(
      { mode: 'form', message, requestedSchema: APPROVAL_FORM },
      { relatedRequestId: extra.requestId, signal: extra.signal },
    );
    return answer.action === 'accept' && answer.content?.approve === true;
  };
  try {
    const verdict = await approveCall(options.approve, request, ask);
    return verdict.approved ? undefined : refusal(name, verdict.reason);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return refusal(name, `approval failed: ${message}`);
  }
}

/** The application state of a call, from the options' `state` function. */
export const stateOf = (scope: CallScope, extra: Extra): unknown =>
  scope.options.state?.({ sessionId: extra.sessionId, authInfo: extra.authInfo });
