/**
 * Which tools a model is shown for a caller: those the caller may use. A tool declaring
 * `@Tool({ scopes, roles })` that the caller lacks is left out, as MCP leaves it out of
 * `tools/list`; a call of it is still refused by the call pipeline, should a model make one. The
 * one rule the agent and the adapters (`toAiSdkTools`, `toLangChainTools`, `toRunnableTools`)
 * list tools by.
 */
import { accessDenied } from '../calls/ToolCaller';
import type { ToolCaller } from '../calls/ToolCaller';
import type { ModelCallHost } from './runModelCall';

/**
 * The tools of `tools` that `caller` may use, by each tool's options in `host` (no caller may use
 * no scoped tool).
 * @example
 * listedFor(registry.toAnthropic(), registry, caller);
 */
export function listedFor<T extends { name: string }>(
  tools: readonly T[],
  host: Pick<ModelCallHost, 'get'>,
  caller: ToolCaller | undefined,
): T[] {
  return tools.filter((tool) => !accessDenied(host.get(tool.name)?.options, caller));
}
