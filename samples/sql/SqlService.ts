/**
 * The SQL tools of the anthropic-tools examples (`list_tables`, `describe_table`,
 * `run_query`) over a real SQLite database. `run_query` is read-only because SQLite says so:
 * the connection runs with `PRAGMA query_only = ON` (set again before every query, so a
 * query that turns it off gains nothing), one statement per call. Big results are cut with a
 * note telling the model how to narrow them.
 */
import { Param, Tool, ToolError } from 'toolwright';
import type { Database, SqlValue, Statement } from 'sql.js';

/** Rows a result shows at most. */
export const MAX_ROWS = 50;
/** Characters a result shows at most. */
export const MAX_CHARS = 8000;
/** Rows counted past the shown ones, to tell the model how big the result was. */
const COUNT_LIMIT = 10_000;
/** Characters one cell shows at most. */
const MAX_CELL = 200;

/** Read-only SQL access to a SQLite database. */
export class SqlService {
  constructor(private readonly db: Database) {
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
  runQuery(@Param('query') query: string): string {
    this.db.run('PRAGMA query_only = ON');
    try {
      const statement = this.singleStatement(query);
      try {
        return renderRows(statement);
      } finally {
        statement.free();
      }
    } catch (error) {
      if (error instanceof ToolError) throw error;
      throw new ToolError(
        `SQLite error: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      this.db.run('PRAGMA query_only = ON');
    }
  }

  /** Prepares the query's one statement; none or several is the model's mistake. */
  private singleStatement(query: string): Statement {
    const statements: string[] = [];
    for (const statement of this.db.iterateStatements(query)) {
      statements.push(statement.getSQL());
      if (statements.length > 1) break;
    }
    if (statements.length === 0) throw new ToolError('The query holds no SQL statement');
    if (statements.length > 1) {
      throw new ToolError('run_query runs one statement per call; send the others separately');
    }
    return this.db.prepare(statements[0]);
  }

  private tableNames(): string[] {
    const result = this.db.exec(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )[0];
    return result ? result.values.map(([name]) => String(name)) : [];
  }

  /** Row count of a table whose name came from sqlite_master (never from the model). */
  private rowCount(table: string): number {
    const quoted = `"${table.replace(/"/g, '""')}"`;
    return Number(this.db.exec(`SELECT COUNT(*) FROM ${quoted}`)[0].values[0][0]);
  }
}

/** Steps a statement and renders its rows as text, bounded in rows and characters. */
function renderRows(statement: Statement): string {
  const lines: string[] = [];
  let length = 0;
  let shown = 0;
  let total = 0;
  let cutByLength = false;
  while (total < COUNT_LIMIT && statement.step()) {
    total++;
    if (shown < MAX_ROWS && !cutByLength) {
      const line = statement.get().map(renderCell).join(' | ');
      if (length + line.length > MAX_CHARS) {
        cutByLength = true;
      } else {
        lines.push(line);
        length += line.length + 1;
        shown++;
      }
    }
  }
  const columns = statement.getColumnNames();
  if (columns.length === 0) return 'The statement ran and returned no rows.';
  const header = columns.join(' | ');
  if (total === 0) return `${header}\n(no rows)`;
  const more = total >= COUNT_LIMIT && statement.step();
  const totalText = more ? `more than ${COUNT_LIMIT}` : String(total);
  const body = [header, ...lines].join('\n');
  if (shown === total) return `${body}\n(${total} row${total === 1 ? '' : 's'})`;
  return (
    `${body}\n(truncated: showing ${shown} of ${totalText} rows; ` +
    'add a WHERE clause, a LIMIT or an aggregate to see what you need)'
  );
}

/** One cell as text: NULL spelled out, blobs summarised, long text cut. */
function renderCell(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (value instanceof Uint8Array) return `<blob ${value.length} bytes>`;
  const text = String(value).replace(/\s+/g, ' ');
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL)}…` : text;
}
