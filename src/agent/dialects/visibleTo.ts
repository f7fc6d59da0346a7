/**
 * The tools an agent's model is shown: those its `caller` may use. A tool declaring
 * `@Tool({ scopes, roles })` that the caller lacks (or any such tool, for an agent without a
 * caller) is left out of the request, as MCP leaves it out of `tools/list`; a call of it is
 * still refused by the call pipeline, should the model make one.
 */
import { accessDenied } from '../../calls/ToolCaller';
import type { ToolCaller } from '../../calls/ToolCaller';
import type { AgentRegistry } from './AgentRegistry';

/**
 * `registry` as the dialect sees it: its descriptors and Messages API tools filtered for `caller`.
 * @example
 * dialectFor(format, visibleTo(options.registry, options.caller));
 */
export function visibleTo(registry: AgentRegistry, caller: ToolCaller | undefined): AgentRegistry {
  const shown = (name: string) => !accessDenied(registry.get(name)?.options, caller);
  return {
    get: (name) => registry.get(name),
    get jobs() {
      return registry.jobs;
    },
    descriptors: () => registry.descriptors().filter((tool) => shown(tool.name)),
    toAnthropic: (options) => registry.toAnthropic(options).filter((tool) => shown(tool.name)),
    check: (name, input) => registry.check(name, input),
    call: (name, input, options) => registry.call(name, input, options),
  };
}
