/**
 * The registry as tools for the SDK's own loop, `client.beta.messages.toolRunner`: each tool's
 * definition plus `parse` (validation through the registry) and `run` (dispatch through the
 * registry). Whatever the model would be told as an error is thrown as the SDK's `ToolError`,
 * which the runner sends back with `is_error: true`; so is a refusal of the call pipeline
 * (`runModelCall`: a `requiresApproval` tool's call the `approve` hook does not approve, a scoped
 * tool's call without its caller). Given a `caller`, only the tools it may use are offered
 * (`listedFor`).
 */
import { randomUUID } from 'node:crypto';
import type {
  BetaRunnableTool,
  BetaToolRunContext,
} from '@anthropic-ai/sdk/lib/tools/BetaRunnableTool';
import { ToolError as SdkToolError } from '@anthropic-ai/sdk/lib/tools/ToolError';
import type { BetaToolResultContentBlockParam } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages';
import type { CallApprover } from '../calls/approveModelCall';
import type { CallOptions } from '../calls/ToolCallContext';
import { listedFor } from '../pipeline/listedFor';
import { runModelCall } from '../pipeline/runModelCall';
import type { ModelCallHost } from '../pipeline/runModelCall';
import type { CheckResult } from './types';

/** What `parse` hands to `run`: the model's input and its validation under way. */
export interface ParsedToolInput {
  /** The input as the model sent it. */
  input: unknown;
  /** The validation of that input. */
  checked: Promise<CheckResult>;
}

/** What the runnable tools need of a registry: the call pipeline's needs, and the definitions. */
interface RunnableRegistry extends ModelCallHost {
  toAnthropic(): AnthropicTool[];
}

/** Options of `toRunnableTools`. */
export interface RunnableToolsOptions {
  /**
   * Decides each valid call of a tool marked `requiresApproval`, as the agent's `approve` does;
   * without it such calls are refused (the runner sends the refusal with `is_error: true`).
   */
  approve?: CallApprover;
  /**
   * The authenticated caller (`ctx.caller`), whose scopes and roles a tool may require. Given, only
   * the tools it may use are offered; without it every tool is, and a scoped tool's call refused.
   */
  caller?: CallOptions['caller'];
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
  const all = registry.toAnthropic();
  const listed = options.caller ? listedFor(all, registry, options.caller) : all;
  return listed.map((definition): BetaRunnableTool<ParsedToolInput> => {
    const name = definition.name;
    return {
      ...(definition as unknown as BetaRunnableTool<ParsedToolInput>),
      parse: (input: unknown): ParsedToolInput => ({ input, checked: registry.check(name, input) }),
      run: async (parsed: ParsedToolInput, context?: BetaToolRunContext) => {
        const checked = await parsed.checked;
        if (!checked.ok) throw new SdkToolError(checked.error);
        // The checked input: the pipeline dispatches it without validating again.
        const outcome = await runModelCall(
          registry,
          { id: context?.toolUse.id ?? `call_${randomUUID()}`, name, input: checked.input },
          {
            ...(options.approve ? { approve: options.approve } : {}),
            ...(options.caller ? { caller: options.caller } : {}),
            ...(context?.signal ? { signal: context.signal } : {}),
          },
        );
        const content = outcome.content as string | BetaToolResultContentBlockParam[];
        if (outcome.isError) throw new SdkToolError(content);
        return content;
      },
    };
  });
}
