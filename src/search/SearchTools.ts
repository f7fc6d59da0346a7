/**
 * The prebuilt search tools, real `@Tool` classes whose manifest ships with the package:
 * `search_documents` over the user's own documents (any `SearchSource`: the in-memory store,
 * PostgreSQL, Elasticsearch), `search_wikipedia` and `search_web`. Register an instance with
 * the package's `searchManifest`.
 */
import { Ctx } from '../decorators/Ctx';
import { Params } from '../decorators/Params';
import { Tool } from '../decorators/Tool';
import type { ToolCallContext } from '../calls/ToolCallContext';
import type { ToolContentResult } from '../content/toolContent';
import type { SearchBudget } from './budget';
import { LanguageSearchInput, SearchInput, WebSearchInput } from './SearchInput';
import { searchWith } from './searchWith';
import type { SearchSource } from './types';

/**
 * Searches the user's documents.
 * @example
 * new ToolRegistry({ manifest: searchManifest }).register(new DocumentSearch(store));
 */
export class DocumentSearch {
  constructor(
    private readonly source: SearchSource,
    private readonly budget: SearchBudget = {},
  ) {}

  /**
   * Searches the knowledge base of this application and returns the most relevant passages,
   * each with its source, which answers can cite.
   */
  @Tool({ name: 'search_documents', annotations: { readOnlyHint: true } })
  searchDocuments(
    @Params(SearchInput) input: SearchInput,
    @Ctx() ctx: ToolCallContext,
  ): Promise<ToolContentResult | string> {
    const request = { query: input.query, maxResults: input.max_results, signal: ctx.signal };
    return searchWith(this.source, request, this.budget);
  }
}

/**
 * Searches Wikipedia (give it a `WikipediaSource`).
 * @example
 * registry.register(new WikipediaSearch(new WikipediaSource()));
 */
export class WikipediaSearch {
  constructor(
    private readonly source: SearchSource,
    private readonly budget: SearchBudget = {},
  ) {}

  /** Searches Wikipedia articles and returns matching passages with their article URLs. */
  @Tool({ name: 'search_wikipedia', annotations: { readOnlyHint: true, openWorldHint: true } })
  searchWikipedia(
    @Params(LanguageSearchInput) input: LanguageSearchInput,
    @Ctx() ctx: ToolCallContext,
  ): Promise<ToolContentResult | string> {
    const request = {
      query: input.query,
      maxResults: input.max_results,
      language: input.language,
      signal: ctx.signal,
    };
    return searchWith(this.source, request, this.budget);
  }
}

/**
 * Searches the web (give it a `BraveSearchSource`).
 * @example
 * registry.register(new WebSearch(new BraveSearchSource({ apiKey })));
 */
export class WebSearch {
  constructor(
    private readonly source: SearchSource,
    private readonly budget: SearchBudget = {},
  ) {}

  /** Searches the web and returns matching pages with their URLs and descriptions. */
  @Tool({ name: 'search_web', annotations: { readOnlyHint: true, openWorldHint: true } })
  searchWeb(
    @Params(WebSearchInput) input: WebSearchInput,
    @Ctx() ctx: ToolCallContext,
  ): Promise<ToolContentResult | string> {
    const request = {
      query: input.query,
      maxResults: input.max_results,
      language: input.language,
      freshness: input.freshness,
      signal: ctx.signal,
    };
    return searchWith(this.source, request, this.budget);
  }
}
