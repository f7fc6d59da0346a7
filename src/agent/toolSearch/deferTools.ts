/**
 * The `tools` of a request with tool search on: above the threshold, every tool of the
 * registry is sent with `defer_loading: true` except those kept loaded (`alwaysLoaded`, the
 * option or `@Tool`), the client search tool and server tools; the hosted tool search tool is
 * added for `bm25` and `regex`. The one place that decides what is deferred.
 */
import type { ToolUnion } from '@anthropic-ai/sdk/resources/messages';
import type { AgentRegistry } from '../dialects/AgentRegistry';
import type { ToolSearchSettings } from './resolveToolSearch';

/** The hosted tool search tools, by kind. */
const HOSTED: Record<'bm25' | 'regex', ToolUnion> = {
  bm25: { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' },
  regex: { type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' },
};

/** A tool's name (a toolset has none). */
const nameOf = (tool: ToolUnion): string | undefined =>
  'name' in tool && typeof tool.name === 'string' ? tool.name : undefined;

/** A tool the user defines (not a server tool such as web search). */
const isCustom = (tool: ToolUnion): boolean =>
  !('type' in tool) || tool.type === undefined || tool.type === null || tool.type === 'custom';

/**
 * Whether tool `name` is sent in full above the threshold: the client search tool, and the tools
 * kept loaded (the `alwaysLoaded` option or `@Tool({ alwaysLoaded: true })`).
 */
export const keptLoaded = (
  name: string,
  search: ToolSearchSettings,
  registry: Pick<AgentRegistry, 'get'>,
): boolean =>
  name === search.toolName ||
  search.alwaysLoaded.has(name) ||
  registry.get(name)?.options.alwaysLoaded === true;

/**
 * `tools` as sent with tool search: deferred where they should be, plus the hosted search tool.
 * @example
 * request.tools = deferTools(request.tools, settings.toolSearch, core.registry);
 */
export function deferTools(
  tools: readonly ToolUnion[],
  search: ToolSearchSettings,
  registry: Pick<AgentRegistry, 'get'>,
): ToolUnion[] {
  const custom = tools.filter((tool) => isCustom(tool) && nameOf(tool) !== search.toolName);
  // Below the threshold nothing is deferred, and the client search tool would find nothing new.
  if (custom.length <= search.threshold) {
    return tools.filter((tool) => search.kind !== 'client' || nameOf(tool) !== search.toolName);
  }
  const sent = tools.map((tool) =>
    isCustom(tool) && !keptLoaded(nameOf(tool) ?? '', search, registry)
      ? ({ ...tool, defer_loading: true } as ToolUnion)
      : tool,
  );
  const hosted = search.kind === 'client' ? undefined : HOSTED[search.kind];
  const all =
    !hosted || sent.some((tool) => nameOf(tool) === nameOf(hosted)) ? sent : [...sent, hosted];
  return moveCacheMarker(all);
}

const deferred = (tool: ToolUnion): boolean =>
  (tool as { defer_loading?: boolean }).defer_loading === true;

/**
 * Deferred definitions are outside the cached prefix, so the cache marker `cache: true` put on
 * the last tool goes to the last tool sent in full instead (unless one already has a marker).
 */
function moveCacheMarker(tools: ToolUnion[]): ToolUnion[] {
  const marked = tools.filter(
    (tool) => deferred(tool) && 'cache_control' in tool && tool.cache_control,
  );
  if (marked.length === 0) return tools;
  const out = tools.map((tool) => {
    if (!marked.includes(tool)) return tool;
    const { cache_control: _dropped, ...rest } = tool as ToolUnion & { cache_control?: unknown };
    return rest as ToolUnion;
  });
  const kept = out.filter((tool) => !deferred(tool));
  const last = kept[kept.length - 1];
  if (last && !kept.some((tool) => 'cache_control' in tool && tool.cache_control)) {
    out[out.indexOf(last)] = { ...last, cache_control: { type: 'ephemeral' } } as ToolUnion;
  }
  return out;
}
