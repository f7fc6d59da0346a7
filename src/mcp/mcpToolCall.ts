/**
 * One MCP `tools/call`, for either SDK and either revision (issue 49, item 13), through the one
 * call pipeline (`runCallPipeline`): the caller's access (`@Tool({ scopes, roles })`, before
 * validation: a refused caller learns nothing of the input), validation, approval of a
 * `requiresApproval` tool (so nobody approves invalid input), the registry call with the
 * request's signal, state, caller and progress, and the result rendered (`renderOutcome`). What differs by SDK comes in through `McpCallPort`: how
 * the user is asked (SDK 1.x / 2025-11-25: an elicitation request during the call; SDK 2.x /
 * 2026-07-28: an `input_required` result the client answers by retrying), how a notification is
 * sent, how the client is told of a call in its log. `handleToolCall` and `modernToolCall` only
 * build the port; a task-augmented call (2025 only, `startTask`) uses the same access check and
 * approval. Imports no SDK code, only its result type.
 *
 * When SDK 1.x can go: once SDK 2.x serves the tasks extension (task-augmented `tools/call` and
 * `tasks/*` on our job store, today `startTask` and `serveTasks`) and stateful 2025-11-25
 * sessions (elicitation during a call, `tools/list_changed`, today `McpSessions` and
 * `createMcpServer`), the 2025 path moves onto SDK 2.x: `handleToolCall`'s port is rebuilt on its
 * request context, and this file does not change.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolProgress } from '../calls/ToolCallContext';
import type { ManifestToolOptions } from '../manifest/types';
import { approveCall } from './approveCall';
import type { AskUser } from './approveCall';
import type { CallParams } from './callParams';
import { callerOf } from './callerOf';
import { sanitizeForModel } from '../errors/sanitizeForModel';
import { renderOutcome } from './renderOutcome';
import type { RenderScope } from './renderOutcome';
import { mcpErrorResult } from './toMcpResult';
import { runCallPipeline } from '../pipeline/runModelCall';
import type { ModelCallHost } from '../pipeline/runModelCall';
import type { McpServerOptions, McpToolSource } from './types';

/** What a call needs of its server, on either SDK. */
export interface McpCallScope extends RenderScope {
  registry: McpToolSource;
  options: McpServerOptions;
  /** Whether a tool is marked `requiresApproval`. */
  needsApproval(name: string): boolean;
  /** What a tool asks of its caller (`@Tool({ scopes, roles })`), when it asks anything. */
  accessOf(name: string): Pick<ManifestToolOptions, 'scopes' | 'roles'> | undefined;
}

/** A `notifications/progress` about the request (a type, not an interface: the SDKs index it). */
export type ProgressNotification = {
  method: 'notifications/progress';
  params: { progressToken: string | number; progress: number; total?: number; message?: string };
};

/**
 * One request as the SDK that received it presents it. `Later` is what the request answers when
 * the user's approval is asked after it (the 2026 `input_required`); `never` on 2025.
 */
export interface McpCallPort<Later = never> {
  /** What the HTTP layer attached to the request (`req.auth`), if anything. */
  authInfo: unknown;
  /** The 2025 session, when there is one. */
  sessionId?: string;
  /** The id the call runs under (`mcpCallId`). */
  toolUseId: string;
  /** Aborts when the client cancels the request. */
  signal: AbortSignal;
  /** Whether the client can ask its user (form elicitation). */
  canElicit: boolean;
  /** Asks the client's user; may throw to answer later instead (see `later`). */
  ask: AskUser;
  /** What to answer when `ask` threw `error` to be answered later; undefined: it failed. */
  later?(error: unknown): Later | undefined;
  /** Sends a notification related to this request. */
  notify(notification: ProgressNotification): Promise<void>;
  /** Tells the client, in its log, of the call (2026); absent where the path does not. */
  log?(level: 'debug' | 'warning', message: string): void;
}

/** The text of a refusal: names the tool, says it did not run, and why. */
export function refusal(name: string, reason: string): CallToolResult {
  return mcpErrorResult(sanitizeForModel(`Tool ${JSON.stringify(name)} was not run: ${reason}`));
}

/**
 * Whether a `requiresApproval` tool may run with this (checked) input: undefined when approved,
 * else what the request answers (the refusal, or the port's `later`).
 */
export async function approvalOf<Later>(
  scope: McpCallScope,
  name: string,
  input: Record<string, unknown>,
  port: McpCallPort<Later>,
): Promise<CallToolResult | Later | undefined> {
  const request = {
    name,
    input,
    toolUseId: port.toolUseId,
    ...(port.sessionId !== undefined ? { sessionId: port.sessionId } : {}),
    canElicit: port.canElicit,
  };
  try {
    const verdict = await approveCall(scope.options.approve, request, port.ask);
    return verdict.approved ? undefined : refusal(name, verdict.reason);
  } catch (error) {
    const later = port.later?.(error);
    if (later !== undefined) return later;
    const message = error instanceof Error ? error.message : String(error);
    return refusal(name, `approval failed: ${message}`);
  }
}

/**
 * The registry as the call pipeline sees it: the tool's access (`scope.accessOf`, which the Nest
 * module may widen) and approval flag, and its validation (a source without `check` validates
 * inside `call`).
 */
export function pipelineHost(scope: McpCallScope): ModelCallHost {
  const source = scope.registry;
  return {
    get: (name) =>
      source.get(name) && {
        options: { ...scope.accessOf(name), requiresApproval: scope.needsApproval(name) },
      },
    check: async (name, input, options) =>
      source.check
        ? source.check(name, input, options)
        : { ok: true, input: input as Record<string, unknown> },
    call: (name, input, options) => source.call(name, input, options),
  };
}

/**
 * Sends the tool's progress as `notifications/progress` for `token`; reports that do not
 * increase are dropped, since MCP requires progress to grow with each notification.
 */
export function progressSender(
  token: string | number,
  notify: McpCallPort<unknown>['notify'],
): (report: ToolProgress) => void {
  let last = -Infinity;
  return (report) => {
    if (report.progress <= last) return;
    last = report.progress;
    notify({
      method: 'notifications/progress',
      params: { progressToken: token, ...report },
    }).catch(() => undefined);
  };
}

/**
 * Answers one (not task-augmented) `tools/call`: access, approval, the call, its rendering.
 * @example
 * return mcpToolCall(scope, readCallParams(request.params), port);
 */
export async function mcpToolCall<Later = never>(
  scope: McpCallScope,
  call: CallParams,
  port: McpCallPort<Later>,
): Promise<CallToolResult | Later> {
  const { name, input: raw, progressToken } = call;
  const caller = callerOf(port.authInfo);
  const options = {
    signal: port.signal,
    state: scope.options.state?.({ sessionId: port.sessionId, authInfo: port.authInfo }),
    ...(caller ? { caller } : {}),
    ...(progressToken !== undefined
      ? { onProgress: progressSender(progressToken, port.notify) }
      : {}),
  };
  // MCP's stages of the one pipeline: approval asked of the client's user, the result's value
  // kept for its structured content.
  const answer = await runCallPipeline<CallToolResult | Later>(
    pipelineHost(scope),
    { id: port.toolUseId, name, input: raw },
    options,
    {
      approval: async (valid, required) =>
        required ? held(await approvalOf(scope, name, valid.input, port)) : undefined,
      dispatch: async (input, callOptions) => {
        port.log?.('debug', `Calling tool "${name}"`);
        const returnValue = scope.shapeOf(name) ? { returnValue: true } : {};
        const outcome = await scope.registry.call(name, input, { ...callOptions, ...returnValue });
        if (outcome.isError) port.log?.('warning', `Tool "${name}" answered with an error`);
        return outcome;
      },
    },
  );
  if (answer.stage === 'held') return answer.held;
  return renderOutcome(scope, name, answer.outcome);
}

/** An approval's answer as the pipeline's verdict: run, or answer the request with it. */
const held = <T>(answer: T | undefined): { held: T } | undefined =>
  answer === undefined ? undefined : { held: answer };
