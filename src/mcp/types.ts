/**
 * The MCP layer's public types: what it needs of a registry (`McpToolSource`, a slice of
 * `ToolRegistry`), the options of `createMcpServer`, and the approval hook's contract. Kept
 * apart so the server, the HTTP front and the CLI share one vocabulary.
 */
import type { ToolCaller } from '../calls/ToolCaller';
import type { ToolDescriptor } from '../manifest/types';
import type { Logger, RegisteredToolInfo } from '../registry/types';
import type { CallOptions } from '../calls/ToolCallContext';
import type { ToolJobDispatcher } from '../calls/ToolJobDispatcher';
import type { ToolOutcome } from '../calls/ToolOutcome';

/** The part of `ToolRegistry` the MCP server uses; any `ToolRegistry` satisfies it. */
export interface McpToolSource {
  /** The tools' descriptors, which `tools/list` renders. */
  descriptors(): ToolDescriptor[];
  /** One registered tool, by name; undefined when there is none. */
  get(name: string): RegisteredToolInfo | undefined;
  /** Runs one tool call; a failure is an `isError` outcome, not a throw. */
  call(name: string, input: unknown, options?: CallOptions): Promise<ToolOutcome>;
  /** Calls `listener` when the tool list changes; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
  /**
   * The dispatcher of long-running calls (`ToolRegistry.jobs`); when it can back tasks
   * (`ToolJobs` can), long-running tools accept task-augmented `tools/call` (MCP tasks).
   */
  readonly jobs?: ToolJobDispatcher;
  /** Validates without dispatching; when present, invalid input is rejected before approval. */
  check?(
    name: string,
    input: unknown,
    options?: { caller?: ToolCaller },
  ): Promise<{ ok: true; input: Record<string, unknown> } | { ok: false; error: string }>;
}

/** One `tools/call` of a tool marked `requiresApproval`, as the approval hook sees it. */
export interface McpApprovalRequest {
  /** The tool's name. */
  name: string;
  /** The arguments the client sent (already checked against the schema when the registry can). */
  input: Record<string, unknown>;
  /** The id the call runs under (`ToolCallContext.toolUseId`). */
  toolUseId: string;
  /** The MCP session, over Streamable HTTP. */
  sessionId?: string;
  /** Whether the connected client can ask its user (form elicitation). */
  canElicit: boolean;
}

/**
 * What the approval hook decides: run (`true`), refuse (`false`, or a reason the client is
 * told), or `'elicit'`: ask the client's user through MCP elicitation (refused when the client
 * cannot ask).
 */
export type McpApprovalDecision = boolean | 'elicit' | { deny: string };

/** The approval hook, or `'elicit'` to ask the client's user about every such call. */
export type McpApprovalHook =
  'elicit' | ((request: McpApprovalRequest) => McpApprovalDecision | Promise<McpApprovalDecision>);

/** Per-connection information a `state` function may turn into the call's application state. */
export interface McpCallInfo {
  /** The MCP session, over stateful Streamable HTTP. */
  sessionId?: string;
  /** What an HTTP auth layer attached to the request (`req.auth`), if any. */
  authInfo?: unknown;
}

/** Options of `createMcpServer`. */
export interface McpServerOptions {
  /** The server's name, as `initialize` reports it. */
  name: string;
  /** The server's version, as `initialize` reports it. */
  version: string;
  /** Instructions for the client, sent in the `initialize` result. */
  instructions?: string;
  /**
   * Consulted for tools marked `requiresApproval`; without it such tools are refused over MCP.
   */
  approve?: McpApprovalHook;
  /** The application state each call receives (`ToolCallContext.state`). */
  state?: (info: McpCallInfo) => unknown;
  /** Most tools per `tools/list` page; more come through `nextCursor`. Default 100. */
  pageSize?: number;
  /**
   * Check each result against the tool's output schema and warn (through `logger`) naming the
   * tool and the path when it does not match. Default: on unless `NODE_ENV` is `production`.
   */
  checkResults?: boolean;
  /** Where warnings go (mismatched results); the library never prints. */
  logger?: Logger;
}
