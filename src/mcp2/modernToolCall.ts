/**
 * One `tools/call` of the 2026-07-28 revision: the caller's access (`@Tool({ scopes, roles })`,
 * before validation), approval as an `input_required` result the client answers by retrying, the
 * registry call with the request's signal (the client cancels by closing the request's stream)
 * and progress token, and the result rendered as on the 2025 path (`renderOutcome`).
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
import { accessDenied } from '../calls/ToolCaller';
import type { ToolCaller } from '../calls/ToolCaller';
import type { ToolProgress } from '../calls/ToolCallContext';
import type { ManifestToolOptions } from '../manifest/types';
import { APPROVAL_FORM, approveCall } from '../mcp/approveCall';
import { readCallParams } from '../mcp/callParams';
import { callerOf } from '../mcp/callerOf';
import { mcpCallId } from '../mcp/mcpCallId';
import { refusal } from '../mcp/callScope';
import { renderOutcome } from '../mcp/handleToolCall';
import type { OutputShape } from '../mcp/outputShape';
import { toMcpResult } from '../mcp/toMcpResult';
import type { McpToolSource } from '../mcp/types';
import type { DualMcpServerOptions } from './types';

/** What a 2026 call needs besides its request. */
export interface ModernScope {
  registry: McpToolSource;
  options: DualMcpServerOptions;
  shapeOf(name: string): OutputShape | undefined;
  needsApproval(name: string): boolean;
  accessOf(name: string): Pick<ManifestToolOptions, 'scopes' | 'roles'> | undefined;
  checkResults: boolean;
}

/** The key of the approval question among a call's input requests. */
const APPROVAL_KEY = 'approve';

/** Thrown by `ask` when the client has not answered yet: the call returns `input_required`. */
class NeedsAnswer {
  constructor(readonly message: string) {}
}

type Decided = { input: unknown } | { result: CallToolResult | InputRequiredResult };

/** Whether a `requiresApproval` tool may run: the checked input, or what to answer instead. */
async function approved(
  scope: ModernScope,
  name: string,
  raw: Record<string, unknown>,
  ctx: ServerContext,
  toolUseId: string,
): Promise<Decided> {
  if (!scope.needsApproval(name)) return { input: raw };
  const checked = scope.registry.check ? await scope.registry.check(name, raw) : undefined;
  if (checked && !checked.ok)
    return { result: toMcpResult({ content: checked.error, isError: true }) as CallToolResult };
  const input = checked?.input ?? raw;
  const envelope = (ctx.mcpReq.envelope ?? {}) as Record<string, unknown>;
  const capabilities = envelope[CLIENT_CAPABILITIES_META_KEY] as
    { elicitation?: object } | undefined;
  const request = {
    name,
    input,
    toolUseId,
    canElicit: Boolean(capabilities?.elicitation),
  };
  // The answer, when this request is the client's retry; else ask by returning input_required.
  const ask = async (message: string): Promise<boolean> => {
    const answer = ctx.mcpReq.inputResponses?.[APPROVAL_KEY];
    if (answer === undefined) throw new NeedsAnswer(message);
    return acceptedContent(ctx.mcpReq.inputResponses, APPROVAL_KEY)?.approve === true;
  };
  try {
    const verdict = await approveCall(scope.options.approve, request, ask);
    return verdict.approved
      ? { input }
      : { result: refusal(name, verdict.reason) as CallToolResult };
  } catch (error) {
    if (error instanceof NeedsAnswer) {
      const question = inputRequired.elicit({
        mode: 'form',
        message: error.message,
        requestedSchema: APPROVAL_FORM,
      });
      return { result: inputRequired({ inputRequests: { [APPROVAL_KEY]: question } }) };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { result: refusal(name, `approval failed: ${message}`) as CallToolResult };
  }
}

/** Progress as `notifications/progress` for `token`, growing only (as MCP requires). */
function progressSender(
  token: string | number,
  ctx: ServerContext,
): (report: ToolProgress) => void {
  let last = -Infinity;
  return (report) => {
    if (report.progress <= last) return;
    last = report.progress;
    ctx.mcpReq
      .notify({ method: 'notifications/progress', params: { progressToken: token, ...report } })
      .catch(() => undefined);
  };
}

/** Logs to the client at the level its request asked for (the SDK drops what is below it). */
function log(ctx: ServerContext, level: LoggingLevel, data: string): void {
  ctx.mcpReq.log(level, data, 'toolwright').catch(() => undefined);
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
  const { name, input: raw, progressToken } = readCallParams(params);
  const caller: ToolCaller | undefined = callerOf(ctx.http?.authInfo);
  const denied = accessDenied(scope.accessOf(name), caller);
  if (denied) return refusal(name, denied) as CallToolResult;
  // A 2026 request has no session: its call id is its own (`mcpCallId`), never its JSON-RPC id.
  const toolUseId = mcpCallId(undefined, ctx.mcpReq.id);
  const decided = await approved(scope, name, raw, ctx, toolUseId);
  if ('result' in decided) return decided.result;
  log(ctx, 'debug', `Calling tool "${name}"`);
  const shape = scope.shapeOf(name);
  const outcome = await scope.registry.call(name, decided.input, {
    toolUseId,
    signal: ctx.mcpReq.signal,
    state: scope.options.state?.({ authInfo: ctx.http?.authInfo }),
    ...(caller ? { caller } : {}),
    ...(progressToken !== undefined ? { onProgress: progressSender(progressToken, ctx) } : {}),
    ...(shape ? { returnValue: true } : {}),
  });
  if (outcome.isError) log(ctx, 'warning', `Tool "${name}" answered with an error`);
  return renderOutcome(scope, name, outcome) as CallToolResult;
}
