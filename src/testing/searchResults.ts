/**
 * What the Messages API checks and counts of `search_result` blocks in a request: each one in a
 * `tool_result` (or user message) must have a source, a title and text blocks, and the blocks
 * are numbered across the whole request (the `search_result_index` a citation names).
 */
import { searchResultProblem } from '../content/searchResultContent';

/** A `search_result` block as a request carries it. */
export interface RecordedSearchResult {
  /** The result's source (a URL or an id). */
  source: string;
  /** The result's title. */
  title: string;
  /** The result's text blocks. */
  content: { type: 'text'; text: string }[];
  /** Whether the tool asked for citations of this result. */
  citations?: { enabled: boolean };
}

interface Found {
  block: unknown;
  path: string;
}

function blocksOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Every `search_result` block of the messages, in request order, with its path. */
function findAll(messages: readonly unknown[]): Found[] {
  const found: Found[] = [];
  messages.forEach((message, m) => {
    blocksOf((message as { content?: unknown } | null)?.content).forEach((block, b) => {
      const typed = block as { type?: unknown; content?: unknown } | null;
      if (typed?.type === 'search_result')
        found.push({ block, path: `messages.${m}.content.${b}` });
      if (typed?.type !== 'tool_result') return;
      blocksOf(typed.content).forEach((inner, i) => {
        if ((inner as { type?: unknown } | null)?.type === 'search_result') {
          found.push({ block: inner, path: `messages.${m}.content.${b}.content.${i}` });
        }
      });
    });
  });
  return found;
}

/**
 * The `search_result` blocks of a request's messages, in the order the API numbers them
 * (`search_result_index` 0 is the first).
 * @example
 * const [first] = searchResultsOf(server.requests[1].body.messages ?? []);
 */
export function searchResultsOf(messages: readonly unknown[]): RecordedSearchResult[] {
  return findAll(messages).map((found) => found.block as RecordedSearchResult);
}

/** The API's 400 message for a malformed `search_result` block, or null when all are well formed. */
export function checkSearchResults(messages: readonly unknown[]): string | null {
  for (const found of findAll(messages)) {
    const problem = searchResultProblem(found.block);
    if (problem) return `${found.path}: search_result ${problem}`;
  }
  return null;
}
