/**
 * The error a search source throws when the engine fails (HTTP error, rate limit, time-out).
 * Its message is what the model reads, so it never holds an API key or an internal URL: sources
 * build it from the status and the provider's name only.
 */
import { ToolError } from '../errors/ToolError';

/**
 * Why a source failed, for code that reacts (retry later on `rate_limited`); `engine` is a
 * store's own database failing (SQLite, PostgreSQL: a lost connection, an error of its own).
 */
export type SearchFailure = 'rate_limited' | 'timeout' | 'http' | 'invalid_response' | 'engine';

/** A search source failed; the model reads `message`. */
export class SearchSourceError extends ToolError {
  constructor(
    message: string,
    /** What went wrong. */
    readonly failure: SearchFailure,
    /** Seconds the provider asked to wait (`retry-after`), on `rate_limited`. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'SearchSourceError';
  }
}
