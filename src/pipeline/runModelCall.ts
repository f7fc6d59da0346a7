/**
 * The one path of a model's call, whichever entry point serves the model (the agent's run, stream
 * and manual modes, MCP's `tools/call` on either SDK, `callOpenAI`, `toRunnableTools`, the AI SDK
 * and LangChain adapters): known tool → caller and scopes → decode → validation → approval →
 * limits (time, signal) → the method (its result shaped inside the registry). Entry points
 * translate shapes and plug in how they ask approval (`stages.approval`: the agent's approver or
 * decider, MCP's elicitation, an adapter's `approve` hook) and how they dispatch (`stages.dispatch`:
 * the agent's limiter and span); they own no rule, so a `requiresApproval` tool without a hook, a
 * scoped tool without its caller, or invalid input is refused in every one of them alike.
 * `registry.call()` stays the developer's own trusted call.
 */
import { approveModelCall } from '../calls/approveModelCall';
import type { CallApprover } from '../calls/approveModelCall';
import { accessDenied } from '../calls/ToolCaller';
import type { ToolCaller } from '../calls/ToolCaller';
import type { CallOptions } from '../calls/ToolCallContext';
import type { ToolOutcome } from '../calls/ToolOutcome';
import type { ToolCall } from '../calls/types';
import type { ManifestToolOptions } from '../manifest/types';
import { sanitizeForModel } from '../errors/sanitizeForModel';

/** What the pipeline needs of a registry (`ToolRegistry` has it). */
export interface ModelCallHost {
  /** A registered tool's options, or undefined for an unknown name. */
  get(name: string): { options?: ManifestToolOptions } | undefined;
  /**
   * Validates without running (the input an approval hook sees). For an unknown name, the tools
   * the error names are those `options.caller` may use.
   */
  check(
    name: string,
    input: unknown,
    options?: { caller?: ToolCaller },
  ): Promise<{ ok: true; input: Record<string, unknown> } | { ok: false; error: string }>;
  /** Validates (unless given `check()`'s snapshot) and runs a call; never throws. */
  call(name: string, input: unknown, options?: CallOptions): Promise<ToolOutcome>;
}

/** One call a model made: its id, the tool's name, the input as sent. */
export interface ModelCall {
  id: string;
  name: string;
  input: unknown;
  /** Why the input could not be decoded (a cut or malformed block): refused as invalid. */
  error?: string;
}

/** What a model's call runs with: the caller's context, limits, and the approval hook. */
export type ModelCallOptions = Pick<
  CallOptions,
  'signal' | 'state' | 'timeoutMs' | 'caller' | 'onProgress'
> & {
  /**
   * Decides each valid call of a tool marked `requiresApproval`; without it such calls are
   * refused (`Tool "…" was not run: it requires approval and no approval hook is configured`).
   */
  approve?: CallApprover;
};

/**
 * What an approval stage answers: undefined to run, the refusal text the model gets, or
 * `{ held }` when the call is answered later (the agent's pause, MCP 2026's `input_required`).
 */
export type ApprovalVerdict<Held> = undefined | string | { held: Held };

/** How an entry point plugs into the pipeline. */
export interface ModelCallStages<Held = never, Ran = ToolOutcome> {
  /**
   * Asks whether a valid call may run; called for every valid call, told whether its tool is
   * marked `requiresApproval` (the agent's manual decider has a say on every call).
   */
  approval(call: ToolCall, requiresApproval: boolean): Promise<ApprovalVerdict<Held>>;
  /** Told of the validation's verdict (the agent's events and spans). */
  validated?(call: ModelCall, checked: { ok: true } | { ok: false; error: string }): void;
  /**
   * Runs the approved call with its options (the agent's limiter and span, an MCP task's job);
   * `host.call` else.
   */
  dispatch?(input: Record<string, unknown>, options: CallOptions): Promise<Ran>;
}

/** Where the pipeline answered a call, and with what. */
export type PipelineAnswer<Held, Ran = ToolOutcome> =
  | { stage: 'unknown' | 'refused' | 'invalid' | 'denied'; outcome: ToolOutcome }
  | { stage: 'ran'; outcome: Ran }
  | { stage: 'held'; held: Held; input: Record<string, unknown> };

/** A refusal decided before the method ran, as an outcome. */
const refused = (content: string): ToolOutcome => ({ content, isError: true });

/**
 * Runs a model's call through every stage in order; never throws but an abort of a stage.
 * @example
 * const answer = await runCallPipeline(registry, call, { caller, signal }, { approval });
 */
export async function runCallPipeline<Held = never, Ran = ToolOutcome>(
  host: ModelCallHost,
  call: ModelCall,
  options: Omit<ModelCallOptions, 'approve'>,
  stages: ModelCallStages<Held, Ran>,
): Promise<PipelineAnswer<Held, Ran>> {
  const tool = host.get(call.name);
  if (!tool) {
    // An unknown tool: the registry's text (the nearest names the caller may use), running nothing.
    const unknown = await host.check(call.name, call.input, { caller: options.caller });
    const error = unknown.ok ? `Unknown tool ${JSON.stringify(call.name)}` : unknown.error;
    stages.validated?.(call, { ok: false, error });
    return { stage: 'unknown', outcome: refused(error) };
  }
  const denied = accessDenied(tool.options, options.caller);
  if (denied) {
    const text = sanitizeForModel(`Tool ${JSON.stringify(call.name)} was not run: ${denied}`);
    return { stage: 'refused', outcome: refused(text) };
  }
  const checked =
    call.error !== undefined
      ? { ok: false as const, error: call.error }
      : await host.check(call.name, call.input);
  stages.validated?.(call, checked.ok ? { ok: true } : checked);
  if (!checked.ok) return { stage: 'invalid', outcome: refused(checked.error) };
  const valid = { id: call.id, name: call.name, input: checked.input };
  const verdict = await stages.approval(valid, tool.options?.requiresApproval === true);
  if (typeof verdict === 'string') return { stage: 'denied', outcome: refused(verdict) };
  if (verdict !== undefined) return { stage: 'held', held: verdict.held, input: checked.input };
  const callOptions = { ...options, toolUseId: call.id };
  // The checked snapshot: dispatched without validating again.
  // Without a dispatch stage `Ran` is the registry's `ToolOutcome` (its default).
  const outcome = stages.dispatch
    ? await stages.dispatch(checked.input, callOptions)
    : ((await host.call(call.name, checked.input, callOptions)) as Ran);
  return { stage: 'ran', outcome };
}

/**
 * Runs a model's call for an adapter with an `approve` hook; never throws (a refusal is an
 * `isError` outcome whose text the model gets).
 * @example
 * const outcome = await runModelCall(registry, { id, name, input }, { approve, caller, signal });
 */
export async function runModelCall(
  host: ModelCallHost,
  call: ModelCall,
  options: ModelCallOptions = {},
): Promise<ToolOutcome> {
  const { approve, ...callOptions } = options;
  const approval = async (valid: ToolCall, required: boolean) =>
    required ? approveModelCall(valid, approve) : undefined;
  const answer = await runCallPipeline(host, call, callOptions, { approval });
  // No stage here holds a call: the hook decides at once.
  return answer.stage === 'held' ? refused('not run') : answer.outcome;
}
