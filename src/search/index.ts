/**
 * `toolwright/search`: prebuilt search tools with citations. Real `@Tool` classes over any
 * `SearchSource` (SQLite FTS5, the in-memory store, PostgreSQL full text and pgvector,
 * Elasticsearch, Brave, Wikipedia), results as `search_result` blocks the model can cite, cut to budgets.
 * @example
 * import { DocumentSearch, MemorySearchStore, searchManifest } from 'toolwright/search';
 * const store = new MemorySearchStore();
 * await store.add([{ id: 'faq-1', title: 'Refunds', text: 'Refunds take 5 days.' }]);
 * const registry = new ToolRegistry({ manifest: searchManifest }).register(new DocumentSearch(store));
 */
export { DocumentSearch, WebSearch, WikipediaSearch } from './SearchTools';
export { SearchInput, LanguageSearchInput, WebSearchInput, MAX_RESULTS_LIMIT } from './SearchInput';
export { searchManifest, mergeManifests } from './searchManifest';
export { searchWith, DEFAULT_MAX_RESULTS } from './searchWith';
export { renderHits, cutText, noHitsText, CUT_MARKER, DEFAULT_BUDGET } from './budget';
export type { SearchBudget } from './budget';
export { SearchSourceError } from './SearchSourceError';
export type { SearchFailure } from './SearchSourceError';
export type { Freshness, SearchHit, SearchRequest, SearchSource } from './types';
export { MemorySearchStore } from './MemorySearchStore';
export type { MemorySearchStoreOptions } from './MemorySearchStore';
export { PostgresSearchStore } from './PostgresSearchStore';
export type { PostgresSearchStoreOptions } from './PostgresSearchStore';
export type { PgPoolLike, PgQueryable } from './PgPoolLike';
export { SearchConfigError } from './SearchConfigError';
export { SqliteSearchStore } from './SqliteSearchStore';
export type { SqliteSearchMemory, SqliteSearchStoreOptions } from './SqliteSearchStore';
export { SearchIndexError } from './SearchIndexError';
export type { SearchDocument } from './SearchDocument';
export { chunkText } from './chunkText';
export type { ChunkOptions } from './chunkText';
export { reciprocalRankFusion } from './rrf';
export type { Embedder, EmbedInputType, EmbedOptions } from './Embedder';
export { EmbedderMismatchError } from './EmbedderMismatchError';
export { HashingEmbedder } from './HashingEmbedder';
export { VoyageEmbedder } from './VoyageEmbedder';
export type { VoyageEmbedderOptions } from './VoyageEmbedder';
export { OpenAIEmbedder } from './OpenAIEmbedder';
export type { OpenAIEmbedderOptions } from './OpenAIEmbedder';
export { fetchJson } from './fetchJson';
export type { FetchJsonOptions, FetchLike } from './fetchJson';
export { BraveSearchSource } from './BraveSearchSource';
export type { BraveSearchOptions } from './BraveSearchSource';
export { WikipediaSource } from './WikipediaSource';
export type { WikipediaSourceOptions } from './WikipediaSource';
export { ElasticsearchSource } from './ElasticsearchSource';
export type { ElasticsearchSourceOptions } from './ElasticsearchSource';
