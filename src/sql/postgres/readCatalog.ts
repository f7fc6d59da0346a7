/**
 * `list_tables` and `describe_table` on PostgreSQL, inside the engine's read-only transaction:
 * the catalog queries of `pgCatalog`, names bound as parameters; identifiers that reach SQL text
 * (a row count, sample rows) come from the catalog, quoted by the server's `quote_ident`. Sample
 * rows are read as a query's are (`ReadTransaction`), within the same byte limits.
 */
import type { PoolClient } from 'pg';
import type { ColumnInfo, TableDescription, TableSummary } from '../SqlEngine';
import { isHidden } from '../hiddenColumns';
import type { HiddenColumn } from '../hiddenColumns';
import { COLUMNS, FIND_TABLE, FOREIGN_KEYS, INDEXES, LIST_TABLES } from './pgCatalog';
import { isServerError, RowTooBig } from './pgFailure';
import type { PgModules } from './loadPg';
import { ReadTransaction } from './ReadTransaction';

/** Characters a sample cell shows. */
const SAMPLE_CELL_CHARS = 200;

/** What a catalog read needs besides its connection: the hidden columns, and how to read rows. */
export interface CatalogContext {
  hidden: readonly HiddenColumn[];
  types: PgModules['types'];
  /** Bytes one row may have on the wire, and the rows of one read together. */
  maxRowBytes: number;
  maxReadBytes: number;
}

/** Tables below this estimate are counted exactly. */
const EXACT_COUNT_BELOW = 100_000;

type Row = unknown[];

async function rowsOf(client: PoolClient, text: string, values: unknown[]): Promise<Row[]> {
  const result = await client.query({ text, values, rowMode: 'array' });
  return result.rows as Row[];
}

/**
 * A few rows of a table, read in the engine's read-only transaction (a view over `nextval()`
 * fails there instead of advancing its sequence) and metered as a query's rows are: a row
 * longer than a row may be is refused before it is read (the connection is then discarded).
 * The refusal, the server's or the meter's, is said in place of the rows, so the rest of the
 * description still answers.
 */
async function sample(
  client: PoolClient,
  context: CatalogContext,
  qualified: string,
  columns: readonly ColumnInfo[],
  sampleRows: number,
): Promise<NonNullable<TableDescription['sample']>> {
  const names = columns.map((c) => c.name);
  const list = names.map((name) => client.escapeIdentifier(name)).join(', ');
  const limit = Math.max(1, Math.floor(sampleRows));
  const read = new ReadTransaction(
    {
      sql: `SELECT ${list} FROM ${qualified} LIMIT ${limit}`,
      before: [],
      after: [],
      maxRows: limit,
      countLimit: limit,
      maxCellChars: SAMPLE_CELL_CHARS,
      maxRowBytes: context.maxRowBytes,
      maxReadBytes: context.maxReadBytes,
    },
    context.types,
  );
  void client.query(read);
  try {
    const { rows } = await read.rows;
    return { columns: names, rows };
  } catch (error) {
    if (!isServerError(error) && !(error instanceof RowTooBig)) throw error;
    return { columns: names, rows: [], unreadable: error.message };
  } finally {
    await read.ended;
  }
}

/** The catalog reads of one connection. */
export function readCatalog(client: PoolClient, context: CatalogContext) {
  const { hidden } = context;
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
        description.sample = await sample(client, context, qualified, columns, sampleRows);
      }
      return description;
    },
  };
}
