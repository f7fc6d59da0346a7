/**
 * The registry as tools for the SDK's own loop, `client.beta.messages.toolRunner`: each tool's
 * definition plus `parse` (validation through the registry) and `run` (dispatch through the
 * registry). Whatever the model would be told as an error is thrown as the SDK's `ToolError`,
 * which the runner sends back with `is_error: true`; so is the refusal of a `requiresApproval`
 * tool's call that the `approve` hook does not approve.
 */
import type {
  BetaRunnableTool,
  BetaToolRunContext,
} from '@anthropic-ai/sdk/lib/tools/BetaRunnableTool';
import { ToolError as SdkToolError } from '@anthropic-ai/sdk/lib/tools/ToolError';
import type { BetaToolResultContentBlockParam } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages';
import { approveModelCall } from '../calls/approveModelCall';
import type { CallApprover } from '../calls/approveModelCall';
import type { CheckResult } from './types';
import type { CallOptions } from '../calls/ToolCallContext';
import type { ToolOutcome } from '../calls/ToolOutcome';

/** What `parse` hands to `run`: the model's input and its validation under way. */
export interface ParsedToolInput {
  /** The input as the model sent it. */
  input: unknown;
  /** The validation of that input. */
  checked: Promise<CheckResult>;
}

/** What the runnable tools need of a registry. */
interface RunnableRegistry {
  toAnthropic(): AnthropicTool[];
  get(name: string): { options: { requiresApproval?: boolean } } | undefined;
  check(name: string, input: unknown): Promise<CheckResult>;
  call(name: string, input: unknown, options?: CallOptions): Promise<ToolOutcome>;
}

/** Options of `toRunnableTools`. */
export interface RunnableToolsOptions {
  /**
   * Decides each valid call of a tool marked `requiresApproval`, as the agent's `approve` does;
   * without it such calls are refused (the runner sends the refusal with `is_error: true`).
   */
  approve?: CallApprover;
}

/**
 * Every tool of the registry as a `BetaRunnableTool`.
 * @example
 * const runner = client.beta.messages.toolRunner({
 *   model: 'claude-sonnet-5-5',
 *   max_tokens: 1024,
 *   messages: [{ role: 'user', content: 'What is GM trading at?' }],
 *   tools: registry.toRunnableTools(),
 * });
 * const final = await runner.done();
 */
export function toRunnableTools(
  registry: RunnableRegistry,
  options: RunnableToolsOptions = {},
): BetaRunnableTool<ParsedToolInput>[] {
  return registry.toAnthropic().map((definition): BetaRunnableTool<ParsedToolInput> => {
    const name = definition.name;
    return {
      ...(definition as unknown as BetaRunnableTool<ParsedToolInput>),
      parse: (input: unknown): ParsedToolInput => ({ input, checked: registry.check(name, input) }),
      run: async (parsed: ParsedToolInput, context?: BetaToolRunContext) => {
        const checked = await parsed.checked;
        if (!checked.ok) throw new SdkToolError(checked.error);
        if (registry.get(name)?.options.requiresApproval) {
          const call = { id: context?.toolUse.id ?? name, name, input: checked.input };
          const refusal = await approveModelCall(call, options.approve);
          if (refusal !== undefined) throw new SdkToolError(refusal);
        }
        // The checked input: dispatched without validating again.
        const outcome = await registry.call(name, checked.input, {
          toolUseId: context?.toolUse.id,
          signal: context?.signal ?? undefined,
        });
        const content = outcome.content as string | BetaToolResultContentBlockParam[];
        if (outcome.isError) throw new SdkToolError(content);
        return content;
      },
    };
  });
}
