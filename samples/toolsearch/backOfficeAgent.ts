/**
 * The tool search sample (docs/tool-search.md): an agent over the 1,010-tool back office with
 * tool search on. Only `get_order` and the search tool are sent in full; every other tool is
 * deferred until a search finds it, by the API's hosted search or by toolwright's index.
 */
import { ToolAgent, ToolIndex } from 'toolwright';
import type { AgentClient, ToolRegistry } from 'toolwright';

/** The agent, with toolwright's own search: a `search_tools` tool answering `tool_reference` blocks. */
export function clientSearchAgent(client: AgentClient, registry: ToolRegistry, indexFile?: string) {
  return new ToolAgent({
    client,
    registry,
    model: 'claude-sonnet-5-5',
    toolSearch: {
      kind: 'client',
      index: indexFile ? ToolIndex.load(indexFile) : undefined, // codegen --search-index
      alwaysLoaded: ['get_order'],
    },
  });
}

/** The agent, with the API's hosted BM25 tool search. */
export function hostedSearchAgent(client: AgentClient, registry: ToolRegistry) {
  return new ToolAgent({
    client,
    registry,
    model: 'claude-sonnet-5-5',
    toolSearch: { kind: 'bm25', alwaysLoaded: ['get_order'] },
  });
}
