/**
 * The shapes every search source shares: what a search asks (`SearchRequest`), what a source
 * answers (`SearchHit`, with a real source id or URL and a title), and the `SearchSource`
 * interface the tools call. Apart from the tools so that sources and stores import them alone.
 */

/** One hit of a search, before budgets: the tool cuts and renders it. */
export interface SearchHit {
  /** A URL or a stable document id: what the model cites. Never an internal endpoint. */
  source: string;
  /** The document's or page's title, shown with the citation. */
  title: string;
  /** The passage shown to the model (a snippet, a highlight or the chunk's text). */
  text: string;
  /** The source's own relevance score, higher is better (not comparable across sources). */
  score?: number;
}

/** Freshness windows a web source may offer. */
export type Freshness = 'day' | 'week' | 'month' | 'year';

/** What a search asks of a source. */
export interface SearchRequest {
  /** The model's search words. */
  query: string;
  /** Hits wanted at most (already bounded by the tool). */
  maxResults: number;
  /** A language code (ISO 639-1), where the source offers it. */
  language?: string;
  /** Only hits from this recent window, where the source offers it. */
  freshness?: Freshness;
  /** Exact-match filters on document metadata, where the source offers them. */
  filters?: Record<string, string>;
  /** The tool call's signal, aborted when the call is cancelled; a source passes it to its requests. */
  signal?: AbortSignal;
}

/** Anything the search tools can query: a store of the user's documents or a web API. */
export interface SearchSource {
  /** The hits for a request, best first. Throws `SearchSourceError` when the source fails. */
  search(request: SearchRequest): Promise<SearchHit[]>;
}
