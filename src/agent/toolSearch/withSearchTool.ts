/**
 * The client-side tool search as a tool of the agent (`toolSearch: { kind: 'client' }`): the
 * registry the agent sees, plus one custom tool that searches the tool index and answers
 * `tool_reference` blocks, which the API expands into the found tools' definitions (the
 * "custom tool search" of the tool search documentation). It runs as any call (approvals,
 * pausing, streaming), and only names a tool the request sends deferred: a stale index entry, a
 * tool the caller may not see, or one sent in full (`alwaysLoaded`) is never referenced.
 */
import type { ContentBlock } from '../../content/ContentBlock';
import type { ToolCaller } from '../../calls/ToolCaller';
import type { ToolOutcome } from '../../calls/ToolOutcome';
import type { ToolDescriptor } from '../../manifest/types';
import { ToolIndex } from '../../toolIndex/ToolIndex';
import { toAnthropicTool } from '../../wire/anthropic/toAnthropicTools';
import type { AgentRegistry } from '../dialects/AgentRegistry';
import { visibleTo } from '../dialects/visibleTo';
import { keptLoaded } from './deferTools';
import type { ToolSearchSettings } from './resolveToolSearch';
import type { ToolSearcher } from './ToolSearchOptions';

/** The longest query searched, in characters. */
const MAX_QUERY = 500;

/** The answer to a search without a query, as a check error and as a call's error. */
const NO_QUERY = 'query: must be a non-empty string';

/** A `tool_reference` block of a `tool_result`, as the Messages API takes it. */
interface ToolReference {
  type: 'tool_reference';
  tool_name: string;
}

const descriptorOf = (name: string): ToolDescriptor => ({
  name,
  description:
    'Searches the tools you can load by what they do, and loads the best matches so you can ' +
    'call them. Use a few words naming the action and the thing, e.g. "cancel order" or ' +
    '"refund duplicate charge"; search again with other words when no tool fits.',
  inputSchema: {
    type: 'object',
    properties: { query: { type: 'string', description: 'What the tool should do.' } },
    required: ['query'],
    additionalProperties: false,
  },
});

const queryOf = (input: unknown): string | undefined => {
  const query = (input as { query?: unknown } | null)?.query;
  return typeof query === 'string' && query.trim() ? query.slice(0, MAX_QUERY) : undefined;
};

/**
 * `registry` with the search tool of `search` added (first, so a cache marker on the last
 * registry tool still ends the list).
 * @example
 * const registry = withSearchTool(options.registry, settings, options.caller);
 */
export function withSearchTool(
  registry: AgentRegistry,
  search: ToolSearchSettings,
  caller: ToolCaller | undefined,
): AgentRegistry {
  const name = search.toolName;
  const descriptor = descriptorOf(name);
  let index: Promise<ToolSearcher> | undefined;
  const indexOf = (): Promise<ToolSearcher> =>
    (index ??= Promise.resolve(search.index ?? ToolIndex.fromTools(registry.descriptors())));

  const run = async (input: unknown): Promise<ToolOutcome> => {
    const query = queryOf(input);
    if (query === undefined) return { content: NO_QUERY, isError: true };
    const deferred = new Set(
      visibleTo(registry, caller)
        .descriptors()
        .map((tool) => tool.name)
        .filter((tool) => !keptLoaded(tool, search, registry)),
    );
    const found = (await (await indexOf()).search(query, search.maxResults * 4))
      .filter((tool) => deferred.has(tool))
      .slice(0, search.maxResults);
    if (found.length === 0) {
      return { content: `No tool matches "${query}"; try other words.`, isError: false };
    }
    const references: ToolReference[] = found.map((tool) => ({
      type: 'tool_reference',
      tool_name: tool,
    }));
    // Only the native dialect ever answers this tool (toolSearch needs format 'anthropic'), and it
    // sends the blocks as they are: a `tool_result` may hold `tool_reference` blocks.
    return { content: references as unknown as ContentBlock[], isError: false };
  };

  return {
    get: (tool) => (tool === name ? { options: {} } : registry.get(tool)),
    get jobs() {
      return registry.jobs;
    },
    descriptors: () => [descriptor, ...registry.descriptors()],
    toAnthropic: (options) => [toAnthropicTool(descriptor), ...registry.toAnthropic(options)],
    check: async (tool, input) => {
      if (tool !== name) return registry.check(tool, input);
      const query = queryOf(input);
      return query === undefined ? { ok: false, error: NO_QUERY } : { ok: true, input: { query } };
    },
    call: (tool, input, options) =>
      tool === name ? run(input) : registry.call(tool, input, options),
  };
}
