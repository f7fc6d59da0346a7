/**
 * The one path of a model's call where an adapter, not the agent or MCP, serves the model
 * (`callOpenAI`, `toRunnableTools`, the AI SDK and LangChain adapters): known tool → caller and
 * scopes → validation → approval → limits (time, signal) → the method (and its result shaped,
 * inside the registry). Adapters translate shapes and call this; they own no rule, so a
 * `requiresApproval` tool without a hook, or a scoped tool without its caller, is refused in
 * every one of them alike. `registry.call()` stays the developer's own trusted call.
 */
import { approveModelCall } from '../calls/approveModelCall';
import type { CallApprover } from '../calls/approveModelCall';
import { accessDenied } from '../calls/ToolCaller';
import type { CallOptions } from '../calls/ToolCallContext';
import type { ToolOutcome } from '../calls/ToolOutcome';
import type { ManifestToolOptions } from '../manifest/types';
import { sanitizeForModel } from '../errors/sanitizeForModel';

/** What the pipeline needs of a registry (`ToolRegistry` has it). */
export interface ModelCallHost {
  /** A registered tool's options, or undefined for an unknown name. */
  get(name: string): { options?: ManifestToolOptions } | undefined;
  /** Validates without running (the input an approval hook sees). */
  check(
    name: string,
    input: unknown,
  ): Promise<{ ok: true; input: Record<string, unknown> } | { ok: false; error: string }>;
  /** Validates (unless given `check()`'s snapshot) and runs a call; never throws. */
  call(name: string, input: unknown, options?: CallOptions): Promise<ToolOutcome>;
}

/** One call a model made: its id, the tool's name, the input as sent. */
export interface ModelCall {
  id: string;
  name: string;
  input: unknown;
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

/** A refusal decided before the method ran, as an outcome. */
const refused = (content: string): ToolOutcome => ({ content, isError: true });

/**
 * Runs a model's call through every rule in order; never throws (a refusal is an `isError`
 * outcome whose text the model gets).
 * @example
 * const outcome = await runModelCall(registry, { id, name, input }, { approve, caller, signal });
 */
export async function runModelCall(
  host: ModelCallHost,
  call: ModelCall,
  options: ModelCallOptions = {},
): Promise<ToolOutcome> {
  const { approve, ...callOptions } = options;
  const run = (input: unknown) =>
    host.call(call.name, input, { ...callOptions, toolUseId: call.id });
  const tool = host.get(call.name);
  // An unknown tool: the registry answers it (with the closest names), running nothing.
  if (!tool) return run(call.input);
  const denied = accessDenied(tool.options, options.caller);
  if (denied)
    return refused(sanitizeForModel(`Tool ${JSON.stringify(call.name)} was not run: ${denied}`));
  if (!tool.options?.requiresApproval) return run(call.input);
  const checked = await host.check(call.name, call.input);
  if (!checked.ok) return refused(checked.error);
  const refusal = await approveModelCall(
    { id: call.id, name: call.name, input: checked.input },
    approve,
  );
  if (refusal !== undefined) return refused(refusal);
  // The checked snapshot: dispatched without validating again.
  return run(checked.input);
}
