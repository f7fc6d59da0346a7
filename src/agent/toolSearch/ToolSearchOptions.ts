/**
 * The `toolSearch` option of `ToolAgent` (issue 48): tools sent with `defer_loading: true` and
 * found by a tool search, the API's hosted one (`bm25`, `regex`) or toolwright's own index as a
 * custom tool (`client`), so a thousand tools cost the first request a few names, not their
 * definitions. Public type, apart from the code that applies it.
 */

/**
 * What answers the client-side search tool: tool names for a query, best first. `ToolIndex`
 * is one (codegen's BM25 index); any other search (an embedder's, a hybrid store) fits.
 */
export interface ToolSearcher {
  /** The names of the tools best matching `query`, at most `maxResults`, best first. */
  search(query: string, maxResults: number): Promise<string[]>;
}

/** Which tool search finds the deferred tools. */
export type ToolSearchKind = 'bm25' | 'regex' | 'client';

/** Options of `new ToolAgent({ toolSearch })`. */
export interface ToolSearchOptions {
  /**
   * `'bm25'` or `'regex'`: the API's hosted tool search tool (`tool_search_tool_bm25_20251119`,
   * `tool_search_tool_regex_20251119`) searches the deferred definitions. `'client'`: the agent
   * exposes a custom tool that searches toolwright's index (`index`) and answers `tool_reference`
   * blocks, where hosted search is not offered or not wanted.
   */
  kind: ToolSearchKind;
  /** Tools are deferred only when the request sends more than this many (default 0: always). */
  threshold?: number;
  /** Tools always sent in full, besides those marked `@Tool({ alwaysLoaded: true })`. */
  alwaysLoaded?: string[];
  /**
   * `'client'`: the index searched, usually the one codegen wrote beside the manifest
   * (`ToolIndex.load('src/tools.search.json')`), or any `ToolSearcher`; default: a `ToolIndex`
   * made from the registry's tools at the first search (names, descriptions and parameters,
   * without the JSDoc tags). A name the request does not send is never referenced.
   */
  index?: ToolSearcher | Promise<ToolSearcher>;
  /** `'client'`: tools one search answers at most (default 5). */
  maxResults?: number;
  /** `'client'`: the search tool's name (default `search_tools`). */
  toolName?: string;
}
