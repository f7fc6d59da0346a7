/**
 * One HTTP request of a search source or an embedder, through an injectable `fetch`: a time-out
 * joined to the caller's signal, 429 with `retry-after` and other failures turned into a
 * `SearchSourceError` whose text names the provider and the status only (never the URL, which
 * may be internal, nor the key).
 */
import { AbortError } from '../errors/AbortError';
import { SearchSourceError } from './SearchSourceError';

/** The `fetch` a source uses (the global one by default). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** Options of one request. */
export interface FetchJsonOptions {
  /** The provider's name, as the model may read it ("Brave Search"). */
  provider: string;
  /** The `fetch` to use (default the global one). */
  fetch?: FetchLike;
  /** Default `GET`, or `POST` when there is a body. */
  method?: 'GET' | 'POST';
  /** Extra request headers (the API key goes here, never in the URL). */
  headers?: Record<string, string>;
  /** A value sent as JSON. */
  body?: unknown;
  /** Milliseconds before the request is given up (default 10,000). */
  timeoutMs?: number;
  /** The caller's signal: aborting it stops the request. */
  signal?: AbortSignal;
}

/** Seconds of a `retry-after` header (seconds or an HTTP date), if any. */
function retryAfterOf(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * The parsed JSON answer of a request, or a `SearchSourceError`.
 * @example
 * const body = await fetchJson(url, { provider: 'Wikipedia', fetch });
 */
export async function fetchJson(url: string, options: FetchJsonOptions): Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await doFetch(url, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch {
    if (options.signal?.aborted) throw new AbortError();
    if (timeout.aborted) {
      throw new SearchSourceError(
        `${options.provider} did not answer within ${timeoutMs} ms; try again later.`,
        'timeout',
      );
    }
    throw new SearchSourceError(`${options.provider} could not be reached.`, 'http');
  }
  if (response.status === 429) {
    const retryAfter = retryAfterOf(response);
    const wait = retryAfter !== undefined ? ` Retry after ${retryAfter} s.` : '';
    await response.body?.cancel();
    throw new SearchSourceError(
      `${options.provider} is rate limiting requests (HTTP 429).${wait}`,
      'rate_limited',
      retryAfter,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new SearchSourceError(
      `${options.provider} answered HTTP ${response.status}; the search failed.`,
      'http',
    );
  }
  try {
    return (await response.json()) as unknown;
  } catch {
    if (timeout.aborted) {
      throw new SearchSourceError(
        `${options.provider} did not answer within ${timeoutMs} ms; try again later.`,
        'timeout',
      );
    }
    throw new SearchSourceError(
      `${options.provider} answered something that is not JSON.`,
      'invalid_response',
    );
  }
}
