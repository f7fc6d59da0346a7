/**
 * Wikipedia through the MediaWiki Action API (`action=query&list=search`, `formatversion=2`):
 * hits are `query.search[]` with `title`, `pageid` and an HTML `snippet`; the model cites the
 * article's public URL. A descriptive User-Agent is sent, as Wikimedia's policy asks.
 */
import { cutAtCodePoint } from '../text/cutAtCodePoint';
import { fetchJson } from './fetchJson';
import type { FetchLike } from './fetchJson';
import { plainText } from './plainText';
import type { SearchHit, SearchRequest, SearchSource } from './types';

/** Options of `WikipediaSource`. */
export interface WikipediaSourceOptions {
  /** Default language when the model names none (default `en`). */
  language?: string;
  /** The API of a language (default `https://{language}.wikipedia.org/w/api.php`). */
  apiUrl?: (language: string) => string;
  /** Identifies your application to Wikimedia (default names toolwright). */
  userAgent?: string;
  /** Milliseconds before a request is given up (default 10,000). */
  timeoutMs?: number;
  /** The `fetch` to use (default the global one): a proxy, a recorder, a test double. */
  fetch?: FetchLike;
}

interface WikipediaAnswer {
  query?: { search?: { title?: string; pageid?: number; snippet?: string }[] };
}

/**
 * Articles from Wikipedia.
 * @example
 * registry.register(new WikipediaSearch(new WikipediaSource({ userAgent: 'my-app/1.0 (ops@example.com)' })));
 */
export class WikipediaSource implements SearchSource {
  constructor(private readonly options: WikipediaSourceOptions = {}) {}

  /** Wikipedia's search results for a request in its language, one hit per article. */
  async search(request: SearchRequest): Promise<SearchHit[]> {
    const language = request.language ?? this.options.language ?? 'en';
    const api = this.options.apiUrl?.(language) ?? `https://${language}.wikipedia.org/w/api.php`;
    const params = new URLSearchParams({
      action: 'query',
      list: 'search',
      srsearch: cutAtCodePoint(request.query, 300),
      srlimit: String(request.maxResults),
      srprop: 'snippet',
      format: 'json',
      formatversion: '2',
    });
    const answer = (await fetchJson(`${api}?${params}`, {
      provider: 'Wikipedia',
      fetch: this.options.fetch,
      headers: {
        'user-agent':
          this.options.userAgent ??
          'toolwright-search/0.1 (https://github.com/toolwright/toolwright)',
      },
      timeoutMs: this.options.timeoutMs,
      signal: request.signal,
    })) as WikipediaAnswer | null;
    return (answer?.query?.search ?? [])
      .filter((result) => typeof result.title === 'string')
      .map((result) => ({
        source: `https://${language}.wikipedia.org/wiki/${encodeURIComponent(result.title!.replace(/ /g, '_'))}`,
        title: result.title!,
        text: plainText(result.snippet ?? ''),
      }));
  }
}
