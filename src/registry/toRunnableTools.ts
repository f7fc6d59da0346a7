/**
 * The registry as tools for the SDK's own loop, `client.beta.messages.toolRunner`: each tool's
 * definition plus `parse` (validation through the registry) and `run` (dispatch through the
 * registry). Whatever the model would be told as an error is thrown as the SDK's `ToolError`,
 * which the runner sends back with `is_error: true`.
 */
import type {
  BetaRunnableTool,
  BetaToolRunContext,
} from '@anthropic-ai/sdk/lib/tools/BetaRunnableTool';
import { ToolError as SdkToolError } from '@anthropic-ai/sdk/lib/tools/ToolError';
import type { BetaToolResultContentBlockParam } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { Tool as AnthropicTool } from '@anthropic-ai/sdk/resources/messages';
import type { CallOptions, CheckResult, ToolOutcome } from './types';

/** What `parse` hands to `run`: the model's input and its validation under way. */
export interface ParsedToolInput {
  input: unknown;
  checked: Promise<CheckResult>;
}

/** What the runnable tools need of a registry. */
interface RunnableRegistry {
  toAnthropic(): AnthropicTool[];
  check(name: string, input: unknown): Promise<CheckResult>;
  call(name: string, input: unknown, options?: CallOptions): Promise<ToolOutcome>;
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
export function toRunnableTools(registry: RunnableRegistry): BetaRunnableTool<ParsedToolInput>[] {
  return registry.toAnthropic().map((definition): BetaRunnableTool<ParsedToolInput> => {
    const name = definition.name;
    return {
      ...(definition as unknown as BetaRunnableTool<ParsedToolInput>),
      parse: (input: unknown): ParsedToolInput => ({ input, checked: registry.check(name, input) }),
      run: async (parsed: ParsedToolInput, context?: BetaToolRunContext) => {
        const checked = await parsed.checked;
        if (!checked.ok) throw new SdkToolError(checked.error);
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
