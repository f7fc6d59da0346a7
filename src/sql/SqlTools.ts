/**
 * The SQL tools the model sees: `list_tables`, `describe_table` and `run_query`, over any
 * `SqlEngine`. Ordinary `@Tool` methods of this library, with their manifest generated at the
 * library's build (`tools.manifest.ts` beside this file). The engine enforces read-only and the
 * time limit; this class keeps what reaches the model within its budgets and says how to narrow.
 */
import { Ctx } from '../decorators/Ctx';
import { Param } from '../decorators/Param';
import { Tool } from '../decorators/Tool';
import { ToolError } from '../errors/ToolError';
import type { ToolCallContext } from '../calls/ToolCallContext';
import { withText } from '../content/withText';
import { cutAtCodePoint } from '../text/cutAtCodePoint';
import { renderDescription, renderTables } from './renderCatalog';
import { renderRows } from './renderRows';
import type { QueryFailure, SqlEngine } from './SqlEngine';
import { SqlStopped } from './SqlStopped';
import type { SqlToolsLimits } from './sqlToolsLimits';
import { limitsOf } from './sqlToolsLimits';

/** What `run_query` returns: the rows shown, and whether the result was cut. */
export interface SqlQueryResult {
  /** The result's column names. */
  columns: string[];
  /** The rows shown, within the row and character budgets. */
  rows: (string | number | null)[][];
  /** How many rows the query produced (counted up to the budget). */
  rowCount: number;
  /** True when not every row is shown. */
  truncated: boolean;
}

/** The advice that ends each kind of failure. */
const ADVICE: Record<QueryFailure['kind'], string> = {
  sql: 'fix the query and try again',
  refused: 'only one read-only statement (SELECT or WITH … SELECT) may run per call',
  unreadable: 'list_tables and describe_table show what may be read',
  timeout: 'add a WHERE clause or a LIMIT, use an index, or avoid unbounded recursion',
  aborted: 'the call was cancelled',
  'too-big':
    'a value grew past the size limit; select a part of it (substr), its length, or an aggregate',
};

/**
 * Read-only SQL access for the model. Create it with `sqlTools(engine)` (which also names the
 * tools and puts the dialect into `run_query`'s description) or `sqlRegistry(engine)`.
 */
export class SqlTools {
  private readonly limits: Required<SqlToolsLimits>;

  constructor(
    private readonly engine: SqlEngine,
    limits: SqlToolsLimits = {},
  ) {
    this.limits = limitsOf(limits);
  }

  /**
   * Lists the tables and views of the database with their row counts (or estimates) and
   * comments. Use describe_table for a table's columns.
   * @param pattern Only tables whose name matches this SQL LIKE pattern, such as "order%".
   * @returns One line per table: its name, kind, row count and comment.
   * @example {}
   */
  @Tool({ annotations: { readOnlyHint: true } })
  async listTables(
    @Param('pattern', { optional: true }) pattern: string | undefined,
    @Ctx() ctx: ToolCallContext,
  ): Promise<string> {
    const { signal } = ctx;
    const tables = await this.stoppable(() => this.engine.listTables(pattern, signal), signal);
    return renderTables(tables, pattern, this.limits.maxChars);
  }

  /**
   * Describes one table or view: its columns with their types, its primary and foreign keys,
   * and its indexes.
   * @param table The table's name, as list_tables gives it.
   * @returns The table's columns, keys and indexes, as text.
   * @throws ToolError if there is no such table.
   * @example {"table": "orders"}
   */
  @Tool({ annotations: { readOnlyHint: true } })
  async describeTable(@Param('table') table: string, @Ctx() ctx: ToolCallContext): Promise<string> {
    const { signal } = ctx;
    const described = await this.stoppable(
      () => this.engine.describeTable(table, this.limits.sampleRows, signal),
      signal,
    );
    if (!described) {
      const tables = await this.stoppable(() => this.engine.listTables(undefined, signal), signal);
      const names = tables.map((t) => t.name);
      const text = `No table named ${JSON.stringify(cutAtCodePoint(table, 100))}; the tables are: ${names.join(', ') || '(none)'}`;
      throw new ToolError(cutAtCodePoint(text, this.limits.maxChars));
    }
    return renderDescription(described, this.limits.maxChars);
  }

  /**
   * Runs one read-only SQL statement (a SELECT, or WITH … SELECT) and returns its rows. Writes,
   * several statements and transaction control are refused by the database. Big results are
   * cut: ask for what you need with WHERE, LIMIT and aggregates.
   * @param query One SQL statement in the database's dialect.
   * @returns The column names, then one line per row with cells separated by " | ".
   * @throws ToolError if the database rejects the statement (with its message and position), or it runs too long.
   * @example {"query": "SELECT status, COUNT(*) AS orders FROM orders GROUP BY status"}
   */
  @Tool({ annotations: { readOnlyHint: true } })
  async runQuery(
    @Param('query') query: string,
    @Ctx() ctx: ToolCallContext,
  ): Promise<SqlQueryResult> {
    const { maxRows, countLimit, maxCellChars, timeoutMs, maxChars } = this.limits;
    const budget = { maxRows, countLimit, maxCellChars, timeoutMs };
    const answer = await this.engine.query(query, budget, ctx.signal);
    if (!answer.ok) throw new ToolError(cutAtCodePoint(this.failureText(answer.failure), maxChars));
    const shown = renderRows(answer.rows, maxChars);
    const value: SqlQueryResult = {
      columns: answer.rows.columns,
      rows: shown.rows,
      rowCount: answer.rows.rowCount,
      truncated: shown.truncated,
    };
    return withText(value, shown.text);
  }

  /** A catalog read; one the call's signal stopped answers as a cancelled query does. */
  private async stoppable<T>(read: () => Promise<T>, signal: AbortSignal): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (!(error instanceof SqlStopped) && !signal.aborted) throw error;
      const message = this.failureText({ kind: 'aborted', message: 'the call was cancelled' });
      throw new ToolError(cutAtCodePoint(message, this.limits.maxChars));
    }
  }

  private failureText({ kind, message, position }: QueryFailure): string {
    const where = position !== undefined ? ` at character ${position}` : '';
    const label = kind === 'sql' ? `${this.engine.dialect} error${where}` : 'Stopped';
    return `${label}: ${message}; ${ADVICE[kind]}`;
  }
}
