/**
 * Brave Search as a source (`GET /res/v1/web/search` with `X-Subscription-Token`): `q`,
 * `count`, `search_lang`, `freshness` (pd/pw/pm/py); hits are `web.results[]` with `url`,
 * `title`, `description` and `extra_snippets`. The key stays in the header, never in a text.
 */
import { cutAtCodePoint } from '../text/cutAtCodePoint';
import { fetchJson } from './fetchJson';
import type { FetchLike } from './fetchJson';
import { plainText } from './plainText';
import type { Freshness, SearchHit, SearchRequest, SearchSource } from './types';

/** Options of `BraveSearchSource`. */
export interface BraveSearchOptions {
  /** The Brave Search API key, sent as `X-Subscription-Token`. */
  apiKey: string;
  /** Default `https://api.search.brave.com`. */
  baseURL?: string;
  /** Milliseconds before a request is given up (default 10,000). */
  timeoutMs?: number;
  /** The `fetch` to use (default the global one): a proxy, a recorder, a test double. */
  fetch?: FetchLike;
}

const FRESHNESS: Record<Freshness, string> = { day: 'pd', week: 'pw', month: 'pm', year: 'py' };

interface BraveAnswer {
  web?: {
    results?: { url?: string; title?: string; description?: string; extra_snippets?: string[] }[];
  };
}

/**
 * Web results from Brave Search.
 * @example
 * registry.register(new WebSearch(new BraveSearchSource({ apiKey: process.env.BRAVE_API_KEY! })));
 */
export class BraveSearchSource implements SearchSource {
  constructor(private readonly options: BraveSearchOptions) {}

  /** Brave's web results for a request, one hit per result (description and extra snippets). */
  async search(request: SearchRequest): Promise<SearchHit[]> {
    const base = (this.options.baseURL ?? 'https://api.search.brave.com').replace(/\/+$/, '');
    const params = new URLSearchParams({
      q: cutAtCodePoint(request.query, 400),
      count: String(Math.min(request.maxResults, 20)),
    });
    if (request.language) params.set('search_lang', request.language);
    if (request.freshness) params.set('freshness', FRESHNESS[request.freshness]);
    const answer = (await fetchJson(`${base}/res/v1/web/search?${params}`, {
      provider: 'Brave Search',
      fetch: this.options.fetch,
      headers: { 'x-subscription-token': this.options.apiKey },
      timeoutMs: this.options.timeoutMs,
      signal: request.signal,
    })) as BraveAnswer | null;
    return (answer?.web?.results ?? [])
      .filter((result) => typeof result.url === 'string')
      .map((result) => ({
        source: result.url!,
        title: plainText(result.title ?? result.url!),
        text: [result.description, ...(result.extra_snippets ?? [])]
          .filter(Boolean)
          .map((part) => plainText(part!))
          .join('\n'),
      }));
  }
}
