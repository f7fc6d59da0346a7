/**
 * The two halves of a call's context: what a tool method receives through `@Ctx()`
 * (`ToolCallContext`) and what a caller may set (`CallOptions`), with the progress reports
 * that travel from one to the other. Below the registry, so every layer that makes or runs
 * calls can name them.
 */

import type { ToolCaller } from './ToolCaller';

/** What `@Ctx()` injects into a tool method. */
export interface ToolCallContext<State = unknown> {
  /** The id of the `tool_use` block (or a generated one for direct calls). */
  toolUseId: string;
  /**
   * A key that stays the same when this very call runs again (a resumed run's approved call is
   * `<runId>:<toolUseId>` on every attempt): deduplicate side effects by it, since a call may
   * run more than once when a process dies mid-call (at-least-once). The caller's key, else the
   * call id (`toolUseId`).
   */
  idempotencyKey: string;
  /** The tool's name. */
  toolName: string;
  /** Fires when the call is aborted or times out. */
  signal: AbortSignal;
  /** Application state passed to the call, such as the current user. */
  state: State;
  /** The authenticated caller, when the endpoint knows one (MCP over HTTP with auth, a Nest guard). */
  caller?: ToolCaller;
  /**
   * Reports progress (`done` of `total`, with an optional message) to whoever listens: an MCP
   * client that sent a progress token, the agent's `stream()`. A no-op when nobody does.
   */
  progress(done: number, total?: number, message?: string): void;
}

/** One progress report of a running tool, as `ctx.progress()` made it. */
export interface ToolProgress {
  /** How far the call is, in units of `total` when given. */
  progress: number;
  /** The amount `progress` counts towards, when known. */
  total?: number;
  /** A short description of the current step. */
  message?: string;
}

/** The optional second half of a call: everything of the context the caller may set. */
export interface CallOptions<State = unknown> {
  /** The id of the model's `tool_use` block this call answers, if any. */
  toolUseId?: string;
  /** The call's `ctx.idempotencyKey` (default: the call id, `toolUseId`). */
  idempotencyKey?: string;
  /** Aborts the call: the method sees it as `ctx.signal`. */
  signal?: AbortSignal;
  /** The caller's state, read by the method through `@Ctx()`. */
  state?: State;
  /** The authenticated caller (`ctx.caller`). */
  caller?: ToolCaller;
  /** Overrides the tool's own `timeoutMs`. */
  timeoutMs?: number;
  /** Receives the tool's `ctx.progress()` reports. */
  onProgress?: (progress: ToolProgress) => void;
  /** Keep what the method returned in `ToolOutcome.value` (for structured results). */
  returnValue?: boolean;
}
