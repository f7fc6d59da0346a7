/**
 * The one path of every search tool: clean the query (`cleanQuery`), bound `max_results`, ask
 * the source, render the hits within the budgets. A source's failure reaches the model as its
 * `SearchSourceError` text.
 */
import { renderHits } from './budget';
import { cleanQuery } from './cleanQuery';
import type { SearchBudget } from './budget';
import type { ToolContentResult } from '../content/toolContent';
import type { SearchRequest, SearchSource } from './types';
import { MAX_RESULTS_LIMIT } from './SearchInput';

/** Results when the model does not say (`max_results`). */
export const DEFAULT_MAX_RESULTS = 5;

/** Runs one search and renders it for the model. */
export async function searchWith(
  source: SearchSource,
  request: Omit<SearchRequest, 'maxResults'> & { maxResults?: number },
  budget: SearchBudget = {},
): Promise<ToolContentResult | string> {
  const query = cleanQuery(request.query).trim();
  const maxResults = Math.min(
    Math.max(1, Math.floor(request.maxResults ?? DEFAULT_MAX_RESULTS)),
    MAX_RESULTS_LIMIT,
  );
  if (!query) return 'The query is empty: say what to look for in a few words.';
  const hits = await source.search({ ...request, query, maxResults });
  return renderHits(query, hits.slice(0, maxResults), budget);
}
