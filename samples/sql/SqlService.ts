/**
 * The SQL sample's own tool next to the shipped ones: `list_tables`, `describe_table` and
 * `run_query` come from `toolwright/sql` (read-only by the engine, see `openShop.ts`), and
 * `table_stats` is a typed result with progress, written here as any service's tool.
 */
import { Ctx, Tool } from 'toolwright';
import type { ToolCallContext } from 'toolwright';
import type { Database } from 'sql.js';

/** One table's size, as `table_stats` reports it. */
export interface TableStats {
  /** The table's name. */
  table: string;
  /** How many rows it holds. */
  rows: number;
  /** How many columns it has. */
  columns: number;
}

/** Statistics over the shop database the sample built. */
export class SqlService {
  constructor(private readonly db: Database) {}

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
