/**
 * One `tools/call` of the 2026-07-28 revision, on SDK 2.x: the shared call path (`mcpToolCall`:
 * access, approval, the call, its rendering) on this request's port. What is the revision's own
 * stays here: approval is an `input_required` result the client answers by retrying the call
 * with its answer, the client cancels by closing the request's stream (the request's signal),
 * and the call is told to the client's log at the level its request asked for.
 */
import {
  acceptedContent,
  CLIENT_CAPABILITIES_META_KEY,
  inputRequired,
} from '@modelcontextprotocol/server';
import type {
  CallToolResult,
  InputRequiredResult,
  LoggingLevel,
  ServerContext,
} from '@modelcontextprotocol/server';
import { APPROVAL_FORM } from '../mcp/approveCall';
import { readCallParams } from '../mcp/callParams';
import { mcpCallId } from '../mcp/mcpCallId';
import { mcpToolCall } from '../mcp/mcpToolCall';
import type { McpCallPort, McpCallScope } from '../mcp/mcpToolCall';
import type { DualMcpServerOptions } from './types';

/** What a 2026 call needs besides its request. */
export interface ModernScope extends McpCallScope {
  options: DualMcpServerOptions;
}

/** The key of the approval question among a call's input requests. */
const APPROVAL_KEY = 'approve';

/** Thrown by `ask` when the client has not answered yet: the call returns `input_required`. */
class NeedsAnswer {
  constructor(readonly message: string) {}
}

/** The question of a `NeedsAnswer`, as the `input_required` result that asks it. */
function askLater(error: unknown): InputRequiredResult | undefined {
  if (!(error instanceof NeedsAnswer)) return undefined;
  const question = inputRequired.elicit({
    mode: 'form',
    message: error.message,
    requestedSchema: APPROVAL_FORM,
  });
  return inputRequired({ inputRequests: { [APPROVAL_KEY]: question } });
}

/** Logs to the client at the level its request asked for (the SDK drops what is below it). */
function log(ctx: ServerContext, level: LoggingLevel, data: string): void {
  ctx.mcpReq.log(level, data, 'toolwright').catch(() => undefined);
}

/** A 2026 request as the shared call path sees it. */
function portOf(ctx: ServerContext): McpCallPort<InputRequiredResult> {
  const envelope = (ctx.mcpReq.envelope ?? {}) as Record<string, unknown>;
  const capabilities = envelope[CLIENT_CAPABILITIES_META_KEY] as
    { elicitation?: object } | undefined;
  return {
    authInfo: ctx.http?.authInfo,
    // A 2026 request has no session: its call id is its own (`mcpCallId`), never its JSON-RPC id.
    toolUseId: mcpCallId(undefined, ctx.mcpReq.id),
    signal: ctx.mcpReq.signal,
    canElicit: Boolean(capabilities?.elicitation),
    // The answer, when this request is the client's retry; else ask by returning input_required.
    ask: async (message) => {
      const answer = ctx.mcpReq.inputResponses?.[APPROVAL_KEY];
      if (answer === undefined) throw new NeedsAnswer(message);
      return acceptedContent(ctx.mcpReq.inputResponses, APPROVAL_KEY)?.approve === true;
    },
    later: askLater,
    notify: (notification) => ctx.mcpReq.notify(notification),
    log: (level, message) => log(ctx, level, message),
  };
}

/**
 * Answers one 2026-07-28 `tools/call`; malformed params throw `JsonRpcError` (-32602).
 * @example
 * server.setRequestHandler('tools/call', (request, ctx) => modernToolCall(scope, request.params, ctx));
 */
export async function modernToolCall(
  scope: ModernScope,
  params: unknown,
  ctx: ServerContext,
): Promise<CallToolResult | InputRequiredResult> {
  const answer = await mcpToolCall(scope, readCallParams(params), portOf(ctx));
  return answer as CallToolResult | InputRequiredResult;
}
