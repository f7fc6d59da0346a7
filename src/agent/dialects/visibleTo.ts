/**
 * The tools an agent's model is shown: those its `caller` may use. A tool declaring
 * `@Tool({ scopes, roles })` that the caller lacks (or any such tool, for an agent without a
 * caller) is left out of the request, as MCP leaves it out of `tools/list`; a call of it is
 * still refused by the call pipeline, should the model make one. The rule is the pipeline's
 * `listedFor`, which the adapters list by too.
 */
import type { ToolCaller } from '../../calls/ToolCaller';
import { listedFor } from '../../pipeline/listedFor';
import type { AgentRegistry } from './AgentRegistry';

/**
 * `registry` as the dialect sees it: its descriptors and Messages API tools filtered for `caller`.
 * @example
 * dialectFor(format, visibleTo(options.registry, options.caller));
 */
export function visibleTo(registry: AgentRegistry, caller: ToolCaller | undefined): AgentRegistry {
  return {
    get: (name) => registry.get(name),
    get jobs() {
      return registry.jobs;
    },
    descriptors: () => listedFor(registry.descriptors(), registry, caller),
    toAnthropic: (options) => listedFor(registry.toAnthropic(options), registry, caller),
    check: (name, input, options) => registry.check(name, input, options),
    call: (name, input, options) => registry.call(name, input, options),
  };
}
