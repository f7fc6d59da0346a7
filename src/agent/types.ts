/**
 * The public types of `ToolAgent`: its options, what `run`, `step` and `stream` return, and the
 * approval hooks. Kept apart from the class so that users and the dialects can import them
 * without the loop.
 */
import type { AnswerCitation } from './answerCitations';
import type {
  Message,
  MessageCreateParamsBase,
  MessageCreateParamsNonStreaming,
  MessageCreateParamsStreaming,
  RawMessageStreamEvent,
  MessageParam,
  StopReason,
} from '@anthropic-ai/sdk/resources/messages';
import type { ToolCall, InvalidToolCall } from '../calls/types';
import type { AgentRegistry } from './dialects/AgentRegistry';
import type { Logger } from '../registry/types';
import type { ToolCaller } from '../calls/ToolCaller';
import type { ToolOutcome } from '../calls/ToolOutcome';
import type { AgentFormat } from '../approvals/AgentFormat';
import type { AgentUsage } from '../approvals/AgentUsage';
import type { ApprovalDecision } from '../calls/ApprovalDecision';
import type {
  ApprovalMode,
  ApprovalStore,
  DeferredDecision,
  PendingApproval,
} from '../approvals/types';
import type { TelemetryOptions } from '../telemetry/types';
import type { ContextBudget } from './context/types';
import type { ToolSearchOptions } from './toolSearch/ToolSearchOptions';

export type { ClearToolResultsBudget, CompactBudget, ContextBudget } from './context/types';
export type { AgentRegistry } from './dialects/AgentRegistry';
export type {
  ToolSearchKind,
  ToolSearchOptions,
  ToolSearcher,
} from './toolSearch/ToolSearchOptions';
export type { AgentFormat } from '../approvals/AgentFormat';
export type { AgentUsage } from '../approvals/AgentUsage';
export type { ApprovalDecision } from '../calls/ApprovalDecision';

/** What an approver sees besides the call. */
export interface ApprovalContext<State = unknown> {
  /** The id of the model's `tool_use` block for the call. */
  toolUseId: string;
  /** The tool the call asks to run. */
  toolName: string;
  /** The run's application state (`context`). */
  state: State;
  /** Fires when the run is aborted. */
  signal: AbortSignal;
}

/**
 * Consulted for every call of a tool marked `requiresApproval`. With `approvals: 'pause'` it may
 * answer `'pause'` to leave the call to a later `resume()` (say, a supervisor's decision).
 */
export type Approver<State = unknown> = (
  call: ToolCall,
  ctx: ApprovalContext<State>,
) => ApprovalDecision | DeferredDecision | Promise<ApprovalDecision | DeferredDecision>;

/** `resolve()`'s choice for each valid call (default: run them all). */
export type CallDecider = (call: ToolCall) => ApprovalDecision | Promise<ApprovalDecision>;

/** The request options the agent passes to `messages.create`. */
export interface AgentRequestOptions {
  /** Aborts the request (the run's own signal is passed here). */
  signal?: AbortSignal | null;
  /** Headers of this request: `anthropic-beta` when a feature of the agent needs a beta. */
  headers?: Record<string, string>;
}

/**
 * The client the agent calls: `new Anthropic()`, or `AnthropicBedrock` / `AnthropicVertex`
 * (anything with the SDK's `messages.create`). Typed on the members used rather than as the
 * SDK's class, so the SDK's ESM and CommonJS declarations (two classes to tsc) both fit.
 */
export interface AgentClient {
  /** The Messages API: `create`, answering a message or, with `stream: true`, its events. */
  messages: {
    create(
      body: MessageCreateParamsNonStreaming,
      options?: AgentRequestOptions,
    ): PromiseLike<Message>;
    create(
      body: MessageCreateParamsStreaming,
      options?: AgentRequestOptions,
    ): PromiseLike<AsyncIterable<RawMessageStreamEvent>>;
  };
}

/** Options of `new ToolAgent()`. */
export interface ToolAgentOptions<State = unknown, Mode extends ApprovalMode = ApprovalMode> {
  /** The official client (`new Anthropic()`, or its Bedrock / Vertex variants). */
  client: AgentClient;
  /** The tools the model may call: a `ToolRegistry`. */
  registry: AgentRegistry;
  /** The model to call, e.g. `claude-sonnet-5-5`. */
  model: string;
  /** `max_tokens` of each request (default 4096). */
  maxTokens?: number;
  /** The system prompt (in the XML format, the tool descriptions follow it). */
  system?: string;
  /** Model requests per run before it stops with `max_iterations` (default 10). */
  maxIterations?: number;
  /** `'anthropic'` (default: the Messages API's `tools`) or `'xml'`; `'native'` is the deprecated old name of `'anthropic'`. */
  format?: AgentFormat;
  /** Calls of one turn that may run at the same time (default: all of them). */
  concurrency?: number;
  /** Decides the calls of tools marked `requiresApproval`; without it they are denied (or paused). */
  approve?: Approver<State>;
  /**
   * `callback` (default): calls needing approval wait on `approve`. `pause`: a call that
   * `approve` does not decide (no `approve`, or it answers `'pause'`) pauses the run: `run()`
   * returns `{ status: 'pending_approval', runId, state }`, and `resume()` goes on, on any instance.
   */
  approvals?: Mode;
  /** Where paused runs wait for `resume()` (default: in memory, this process only). */
  approvalStore?: ApprovalStore;
  /**
   * How a call of a long-running tool runs when the registry has `jobs` (`toolwright/jobs`):
   * `'wait'` (default) waits for its job, with `tool_progress` events, bounded by the tool's
   * `timeoutMs`. `'defer'` (needs `approvals: 'pause'`) enqueues the job and, once the turn's
   * other calls are answered, pauses the run: `run()` returns `{ status: 'pending_jobs', runId,
   * jobs }`, and `resume(runId)` on any instance answers each such call from its job's outcome,
   * waiting for jobs still running. Every `tool_use` still gets exactly one `tool_result`.
   */
  longRunning?: 'wait' | 'defer';
  /** How long a paused run can be resumed, in seconds (default 86,400: one day). */
  approvalTtlSeconds?: number;
  /**
   * How long a resumer's claim on a run lasts without renewal, in milliseconds (default 30,000;
   * renewed every third of it while the run is resumed). When the resumer dies, another may
   * resume the run once its lease expired; its approved calls then run again, with the same
   * `ctx.idempotencyKey`.
   */
  approvalLeaseMs?: number;
  /** Application state handed to every call (`ctx.state`), such as the current user. */
  context?: State;
  /**
   * Who the agent runs for (`ctx.caller` of every call): a tool declaring `@Tool({ scopes,
   * roles })` runs only for a caller it admits, and is refused to an agent without one.
   */
  caller?: ToolCaller;
  /**
   * Prompt caching across turns, as the documentation advises for tools: the tool definitions
   * (stable, in registration order) and the system prompt carry `cache_control`, and so does the
   * last block of each request's last message (a breakpoint that moves with the conversation, on
   * the request's copy only), so each turn reads the turns before it from the cache. Default: on
   * with a `contextBudget` (a long run), off without; `false` turns it off.
   */
  cache?: boolean;
  /**
   * Keeps a long run within a token budget by the API's own means, chosen by `strategy`:
   * `'clear_tool_results'` (context editing: the oldest tool results are cleared once the input
   * passes `triggerTokens`) or `'compact'` (compaction: the conversation is summarized into a
   * `compaction` block the history keeps). The beta each needs is sent with every request.
   * Compaction is not offered on Vertex AI, nor tool result clearing in the XML format: such an
   * agent is refused at construction. See docs/long-runs.md.
   */
  contextBudget?: ContextBudget;
  /**
   * Other betas every request names in `anthropic-beta`, besides those the agent's features need.
   * Name them here rather than in the client's `defaultHeaders`: a request that sends its own
   * `anthropic-beta` (as one with a `contextBudget` does) replaces the client's default one.
   */
  betas?: string[];
  /**
   * Strict tool use for every tool whose `@Tool({ strict })` is not set (default: the registry's
   * `strict`): the model's input then follows each tool's strict projection. Anthropic format only.
   */
  strict?: boolean;
  /**
   * Tool search with deferred loading, for large tool sets: tools are sent with `defer_loading:
   * true` (except those kept loaded) and found by the API's hosted tool search (`kind: 'bm25' |
   * 'regex'`) or by toolwright's index as a custom tool (`kind: 'client'`). Anthropic format only.
   */
  toolSearch?: ToolSearchOptions;
  /** Other Messages API parameters sent with every request (temperature, tool_choice, ...). */
  params?: Partial<Omit<MessageCreateParamsBase, 'messages' | 'stream'>>;
  /** Where the agent's warnings go (strict tools sent without strict, an approval hook that threw); none without it. */
  logger?: Logger;
  /**
   * OpenTelemetry spans and metrics (GenAI semantic conventions), on when `@opentelemetry/api`
   * is installed; see `TelemetryOptions`.
   */
  telemetry?: TelemetryOptions;
}

/** Why a run ended: the last message's `stop_reason`, or `max_iterations`. */
export type AgentStopReason = StopReason | 'max_iterations';

/** What `run` returns (and `stream`'s `done` event carries). */
export interface RunResult {
  /** The run ended (a paused run is a `PendingApproval` instead). */
  status: 'completed';
  /** The text of the last assistant message. */
  finalText: string;
  /**
   * The final answer's citations of search results the tools returned (`search_result` blocks,
   * Anthropic format): which result, its source and title, the cited text. Empty when none.
   */
  citations: AnswerCitation[];
  /** The last assistant message. */
  message: Message;
  /** The whole history, plain JSON: store it and pass it back to `run` to continue. */
  messages: MessageParam[];
  /** The tokens of every model turn of the run, summed. */
  usage: AgentUsage;
  /** Model requests made. */
  iterations: number;
  /** Why the run ended: the last message's stop reason, or `max_iterations`. */
  stopReason: AgentStopReason;
  /** The `<answer>` text, in the XML format. */
  answer?: string;
}

/** The input of a run: a user prompt, or a stored history to continue. */
export type RunInput = string | MessageParam[];

/** Options of one `run`, `stream`, `step` or `resolve`. */
export interface RunOptions<State = unknown> {
  /** Aborts the request in flight and the running tools; the run rejects with `AbortError`. */
  signal?: AbortSignal;
  /** Overrides the agent's `context` for this run. */
  context?: State;
}

/** What `step` returns: one model turn, nothing run. */
export interface StepResult {
  /** The model's message of this turn. */
  message: Message;
  /** The turn's citations of search results (see `RunResult.citations`). */
  citations: AnswerCitation[];
  /** Calls whose tool exists and whose input passed validation. */
  calls: ToolCall[];
  /** Calls that cannot run: unknown tool, unparsable or invalid input, cut off. */
  invalidCalls: InvalidToolCall[];
  /** True when the model waits for nothing: no call to answer, no turn to continue. */
  done: boolean;
  /**
   * True when the model paused its turn (`pause_turn`, a long server tool): keep the assistant
   * message and call `step()` again on the history as it is; there is nothing to `resolve()`
   * unless the step also made calls.
   */
  paused: boolean;
}

/** The events of `stream()`. */
export type AgentEvent =
  | { type: 'text'; text: string }
  | { type: 'tool_call_start'; id: string; name: string }
  | {
      type: 'tool_input_delta';
      id: string;
      name: string;
      /** This delta's raw JSON text. */
      partialJson: string;
      /** The input parsed so far (a live object that keeps growing: copy it to keep it). */
      partialInput: unknown;
    }
  | {
      /** A call is complete and checked: `valid` says whether it will run (after approval). */
      type: 'tool_call';
      id: string;
      name: string;
      input: unknown;
      valid: boolean;
      /** Why it cannot run, when it is not valid. */
      error?: string;
      call: ToolCall | InvalidToolCall;
    }
  | {
      type: 'tool_result';
      id: string;
      name: string;
      content: ToolOutcome['content'];
      isError: boolean;
    }
  | {
      /** A running tool reported progress through `ctx.progress(done, total?, message?)`. */
      type: 'tool_progress';
      id: string;
      name: string;
      progress: number;
      total?: number;
      message?: string;
    }
  | { type: 'turn_end'; message: Message; iteration: number; stopReason: StopReason | null }
  | { type: 'done'; result: RunResult }
  /** The last event of a run that paused for approval (`approvals: 'pause'`), instead of `done`. */
  | { type: 'pending_approval'; result: PendingApproval };

/**
 * What `run` returns: a `ToolAgent<State, 'pause'>` may return a paused run. (An agent whose
 * mode is not known statically, such as `app.get(ToolAgent)` in Nest, is typed as completing:
 * type it `ToolAgent<State, 'pause'>` where it pauses, or in Nest `app.get(PausingToolAgent)`.)
 */
export type RunOutcome<Mode extends ApprovalMode = ApprovalMode> = [Mode] extends ['pause']
  ? RunResult | PendingApproval
  : RunResult;
