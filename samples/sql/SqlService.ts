/**
 * The SQL tools of the anthropic-tools examples (`list_tables`, `describe_table`,
 * `run_query`) over a real SQLite database, and `table_stats`: a typed result with progress. `run_query` is read-only because SQLite says so:
 * the query runs on a connection with `PRAGMA query_only = ON`, one statement per call, in a
 * worker thread that is stopped after `QUERY_TIMEOUT_MS`. Big results are cut with a note
 * telling the model how to narrow them.
 */
import { Ctx, Param, Tool, ToolError } from 'toolwright';
import type { ToolCallContext } from 'toolwright';
import type { Database } from 'sql.js';
import { QueryTimeout, runQueryInWorker } from './runQueryInWorker';
import type { QueryResult } from './runQueryInWorker';

/** Rows a result shows at most. */
export const MAX_ROWS = 50;
/** Characters a result shows at most. */
export const MAX_CHARS = 8000;
/** Rows counted past the shown ones, to tell the model how big the result was. */
const COUNT_LIMIT = 10_000;
/** Characters one cell shows at most. */
const MAX_CELL = 200;
/** Milliseconds a query may run before it is stopped. */
export const QUERY_TIMEOUT_MS = 5_000;

/** One table's size, as `table_stats` reports it. */
export interface TableStats {
  /** The table's name. */
  table: string;
  /** How many rows it holds. */
  rows: number;
  /** How many columns it has. */
  columns: number;
}

/**
 * Read-only SQL access to a SQLite database. Queries run on a snapshot taken when the service
 * is created (the tools never change the data).
 */
export class SqlService {
  private readonly snapshot: Uint8Array;

  constructor(
    private readonly db: Database,
    private readonly queryTimeoutMs = QUERY_TIMEOUT_MS,
  ) {
    this.snapshot = db.export();
    this.db.run('PRAGMA query_only = ON');
  }

  /**
   * Lists the tables of the database with their row counts.
   * @returns One line per table: its name and how many rows it holds.
   */
  @Tool({ annotations: { readOnlyHint: true } })
  listTables(): string {
    return this.tableNames()
      .map((name) => `${name} (${this.rowCount(name)} rows)`)
      .join('\n');
  }

  /**
   * Describes one table: its CREATE TABLE statement (columns, types, keys, constraints) and
   * its row count.
   * @param table The table's name, as list_tables gives it.
   * @returns The table's SQL definition and row count, as text.
   * @throws ToolError if there is no such table.
   * @example {"table": "orders"}
   */
  @Tool({ annotations: { readOnlyHint: true } })
  describeTable(@Param('table') table: string): string {
    const found = this.db.exec(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name = ?",
      [table],
    )[0];
    if (!found) {
      throw new ToolError(`No table named "${table}"; tables: ${this.tableNames().join(', ')}`);
    }
    const [name, sql] = found.values[0] as [string, string];
    return `${sql}\n-- ${this.rowCount(name)} rows`;
  }

  /**
   * Runs one read-only SQL statement (SQLite dialect) and returns its rows. Writes are
   * refused by the database. At most 50 rows are shown; a note says when there were more.
   * @param query One SQL statement, such as a SELECT with joins and aggregates.
   * @returns The column names, then one line per row with cells separated by " | ".
   * @throws ToolError if SQLite rejects the statement (syntax error, unknown column, any write).
   * @example {"query": "SELECT status, COUNT(*) AS orders FROM orders GROUP BY status"}
   */
  @Tool({ annotations: { readOnlyHint: true } })
  async runQuery(@Param('query') query: string, @Ctx() ctx: ToolCallContext): Promise<string> {
    const limits = {
      maxRows: MAX_ROWS,
      countLimit: COUNT_LIMIT,
      maxCell: MAX_CELL,
      timeoutMs: this.queryTimeoutMs,
    };
    let result: QueryResult;
    try {
      result = await runQueryInWorker(this.snapshot, query, limits, ctx.signal);
    } catch (error) {
      if (error instanceof QueryTimeout) {
        throw new ToolError(
          `${error.message}; add a LIMIT or a WHERE clause, or avoid unbounded recursion`,
        );
      }
      throw error;
    }
    if (!result.ok) {
      throw new ToolError(result.refusal ?? `SQLite error: ${result.sqliteError}`);
    }
    return renderRows(result);
  }

  /**
   * Counts the rows and columns of every table, reporting progress table by table.
   * @returns One entry per table: its name, row count and column count.
   */
  @Tool({ annotations: { readOnlyHint: true } })
  tableStats(@Ctx() ctx: ToolCallContext): TableStats[] {
    const tables = this.tableNames();
    return tables.map((table, index) => {
      ctx.progress(index + 1, tables.length, `counted ${table}`);
      return { table, rows: this.rowCount(table), columns: this.columnCount(table) };
    });
  }

  private tableNames(): string[] {
    const result = this.db.exec(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )[0];
    return result ? result.values.map(([name]) => String(name)) : [];
  }

  /** Column count of a table whose name came from sqlite_master (never from the model). */
  private columnCount(table: string): number {
    const quoted = `"${table.replace(/"/g, '""')}"`;
    return this.db.exec(`PRAGMA table_info(${quoted})`)[0]?.values.length ?? 0;
  }

  /** Row count of a table whose name came from sqlite_master (never from the model). */
  private rowCount(table: string): number {
    const quoted = `"${table.replace(/"/g, '""')}"`;
    return Number(this.db.exec(`SELECT COUNT(*) FROM ${quoted}`)[0].values[0][0]);
  }
}

/** Renders a result as text, bounded in rows and characters, with a note when cut. */
function renderRows(result: Extract<QueryResult, { ok: true }>): string {
  const { columns, rows, total, more } = result;
  if (columns.length === 0) return 'The statement ran and returned no rows.';
  const header = columns.join(' | ');
  if (total === 0) return `${header}\n(no rows)`;
  const lines: string[] = [];
  let length = 0;
  for (const row of rows) {
    const line = row.join(' | ');
    if (length + line.length > MAX_CHARS) break;
    lines.push(line);
    length += line.length + 1;
  }
  const body = [header, ...lines].join('\n');
  if (lines.length === total) return `${body}\n(${total} row${total === 1 ? '' : 's'})`;
  const totalText = more ? `more than ${COUNT_LIMIT}` : String(total);
  return (
    `${body}\n(truncated: showing ${lines.length} of ${totalText} rows; ` +
    'add a WHERE clause, a LIMIT or an aggregate to see what you need)'
  );
}
