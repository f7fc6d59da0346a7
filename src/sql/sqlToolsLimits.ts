/** The budgets of the SQL tools, with their defaults in one place. */

/** What reaches the model, and how long a query may run. */
export interface SqlToolsLimits {
  /** Rows a result shows at most (default 50). */
  maxRows?: number;
  /** Characters a result (or a table's description) shows at most (default 8,000). */
  maxChars?: number;
  /** Characters one cell shows at most (default 200). */
  maxCellChars?: number;
  /** Rows counted past the shown ones, to say how big a result was (default 10,000). */
  countLimit?: number;
  /** Milliseconds a query may run (default 5,000). */
  timeoutMs?: number;
  /** Sample rows `describe_table` shows (default 0: none). */
  sampleRows?: number;
}

/** The defaults. */
export const DEFAULT_SQL_LIMITS: Readonly<Required<SqlToolsLimits>> = Object.freeze({
  maxRows: 50,
  maxChars: 8_000,
  maxCellChars: 200,
  countLimit: 10_000,
  timeoutMs: 5_000,
  sampleRows: 0,
});

/** `limits` over the defaults. */
export function limitsOf(limits: SqlToolsLimits): Required<SqlToolsLimits> {
  return { ...DEFAULT_SQL_LIMITS, ...limits };
}
