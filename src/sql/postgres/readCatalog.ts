/**
 * `list_tables` and `describe_table` on PostgreSQL, inside the engine's read-only transaction:
 * the catalog queries of `pgCatalog`, names bound as parameters; identifiers that reach SQL text
 * (a row count, sample rows) come from the catalog, quoted by the server's `quote_ident`.
 */
import type { PoolClient } from 'pg';
import type { ColumnInfo, SqlCell, TableDescription, TableSummary } from '../SqlEngine';
import { isHidden } from '../hiddenColumns';
import type { HiddenColumn } from '../hiddenColumns';
import { COLUMNS, FIND_TABLE, FOREIGN_KEYS, INDEXES, LIST_TABLES } from './pgCatalog';
import { pgCell } from './pgCell';
import { isServerError } from './pgFailure';

/** Tables below this estimate are counted exactly. */
const EXACT_COUNT_BELOW = 100_000;

type Row = unknown[];

async function rowsOf(client: PoolClient, text: string, values: unknown[]): Promise<Row[]> {
  const result = await client.query({ text, values, rowMode: 'array' });
  return result.rows as Row[];
}

/**
 * A few rows of a table, read in the engine's read-only transaction (a view over `nextval()`
 * fails there instead of advancing its sequence); the server's refusal is said in place of the
 * rows, so the rest of the description still answers.
 */
async function sample(
  client: PoolClient,
  qualified: string,
  columns: readonly ColumnInfo[],
  sampleRows: number,
): Promise<NonNullable<TableDescription['sample']>> {
  const names = columns.map((c) => c.name);
  const list = names.map((name) => client.escapeIdentifier(name)).join(', ');
  try {
    const rows = await rowsOf(client, `SELECT ${list} FROM ${qualified} LIMIT $1`, [sampleRows]);
    const cut = { n: 0 };
    return {
      columns: names,
      rows: rows.map((row) => row.map((value): SqlCell => pgCell(value, 200, cut))),
    };
  } catch (error) {
    if (!isServerError(error)) throw error;
    return { columns: names, rows: [], unreadable: error.message };
  }
}

/** The catalog reads of one connection. */
export function readCatalog(client: PoolClient, hidden: readonly HiddenColumn[]) {
  const count = async (qualified: string): Promise<number> => {
    const [[n]] = (await rowsOf(client, `SELECT count(*)::float8 FROM ${qualified}`, [])) as [
      [number],
    ];
    return n;
  };
  return {
    async tables(pattern?: string): Promise<TableSummary[]> {
      const rows = await rowsOf(client, LIST_TABLES, [pattern ?? null]);
      const tables: TableSummary[] = [];
      for (const [name, kind, estimate, comment, qualified] of rows as [
        string,
        string,
        number,
        string | null,
        string,
      ][]) {
        const summary: TableSummary = { name, kind, ...(comment ? { comment } : {}) };
        if (kind === 'table' && estimate < EXACT_COUNT_BELOW) summary.rows = await count(qualified);
        else if (estimate >= 0)
          Object.assign(summary, { rows: Math.round(estimate), estimated: true });
        tables.push(summary);
      }
      return tables;
    },

    async describe(name: string, sampleRows: number): Promise<TableDescription | undefined> {
      const [found] = await rowsOf(client, FIND_TABLE, [name]);
      if (!found) return undefined;
      const [oid, table, kind, comment, qualified] = found as [
        string,
        string,
        string,
        string | null,
        string,
      ];
      const columns: ColumnInfo[] = (
        (await rowsOf(client, COLUMNS, [oid])) as [
          string,
          string,
          boolean,
          string | null,
          string | null,
          boolean,
        ][]
      )
        .filter(([column]) => !isHidden(hidden, table, column))
        .map(([column, type, nullable, dflt, note, primaryKey]) => ({
          name: column,
          type,
          nullable,
          primaryKey,
          ...(dflt !== null ? { default: dflt } : {}),
          ...(note ? { comment: note } : {}),
        }));
      const foreignKeys = ((await rowsOf(client, FOREIGN_KEYS, [oid])) as [string[], string][]).map(
        ([keyColumns, references]) => ({ columns: keyColumns, references }),
      );
      const indexes = ((await rowsOf(client, INDEXES, [oid])) as [string, boolean, string[]][])
        .map(([index, unique, indexColumns]) => ({
          name: index,
          unique,
          columns: indexColumns.filter((c) => !isHidden(hidden, table, c)),
        }))
        .filter((index) => index.columns.length > 0);
      const description: TableDescription = {
        name: table,
        kind,
        ...(comment ? { comment } : {}),
        columns,
        foreignKeys,
        indexes,
      };
      if (sampleRows > 0 && columns.length > 0) {
        // Last: a failure here aborts the transaction, which only the ROLLBACK after it reads.
        description.sample = await sample(client, qualified, columns, sampleRows);
      }
      return description;
    },
  };
}
