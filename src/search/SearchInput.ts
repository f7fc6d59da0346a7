/**
 * The input every search tool takes (`query`, a bounded `max_results`), and the web input that
 * adds what web engines really offer (`language`, `freshness`). class-validator DTOs, so the
 * bounds hold at run time and codegen writes them into the manifest.
 */
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import type { Freshness } from './types';

/** Results a search returns at most. */
export const MAX_RESULTS_LIMIT = 20;

/** What the model asks a search tool. */
export class SearchInput {
  /** What to look for, in plain words (no query syntax needed). */
  @IsString()
  @MaxLength(10_000)
  query!: string;

  /** How many results to return, 1 to 20 (default 5). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_RESULTS_LIMIT)
  max_results?: number;
}

/** What the model asks a source that knows languages (Wikipedia). */
export class LanguageSearchInput extends SearchInput {
  /** The language of the results, an ISO 639-1 code such as en or de (default en). */
  @IsOptional()
  @Matches(/^[a-z]{2,3}$/)
  language?: string;
}

/** What the model asks a web search engine. */
export class WebSearchInput extends LanguageSearchInput {
  /** Only pages from the last day, week, month or year. */
  @IsOptional()
  @IsIn(['day', 'week', 'month', 'year'])
  freshness?: Freshness;
}
