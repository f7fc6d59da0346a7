/**
 * The model's statement through `pg-cursor` (the extended protocol: Parse, Bind, Execute, so
 * the server itself refuses a second statement), read within the budget: the shown rows, then
 * counting on up to `countLimit`, then the portal is closed.
 */
import type { PoolClient, FieldDef } from 'pg';
import type { QueryBudget, QueryRows, SqlCell } from '../SqlEngine';
import { pgCell } from './pgCell';
import type { PgModules } from './loadPg';

/** Rows fetched per round trip while counting past the shown rows. */
const COUNT_BATCH = 1_000;

type CursorLike = {
  read(
    rows: number,
    cb: (err: Error | undefined, rows?: unknown[][], result?: { fields: FieldDef[] }) => void,
  ): void;
  close(): Promise<void>;
  /** The result being built; a read of a finished cursor passes none to its callback. */
  _result?: { fields: FieldDef[] };
};

function read(
  cursor: CursorLike,
  rows: number,
): Promise<{ rows: unknown[][]; fields: FieldDef[] }> {
  return new Promise((resolve, reject) => {
    cursor.read(rows, (error, got, result) =>
      error
        ? reject(error)
        : resolve({ rows: got ?? [], fields: result?.fields ?? cursor._result?.fields ?? [] }),
    );
  });
}

/** Runs `sql` and reads it within `budget`. */
export async function runCursor(
  client: PoolClient,
  Cursor: PgModules['Cursor'],
  sql: string,
  budget: QueryBudget,
): Promise<QueryRows> {
  const cursor = client.query(new Cursor(sql, [], { rowMode: 'array' })) as unknown as CursorLike;
  try {
    const asked = Math.max(1, Math.min(budget.maxRows, budget.countLimit));
    const first = await read(cursor, asked);
    const cut = { n: 0 };
    const rows: SqlCell[][] = first.rows
      .slice(0, budget.maxRows)
      .map((row) => row.map((value) => pgCell(value, budget.maxCellChars, cut)));
    let rowCount = first.rows.length;
    let countCapped = false;
    let last = first.rows.length === asked ? asked : 0;
    while (last > 0 && rowCount < budget.countLimit) {
      const next = await read(cursor, Math.min(COUNT_BATCH, budget.countLimit - rowCount + 1));
      last = next.rows.length;
      rowCount += last;
    }
    if (rowCount > budget.countLimit) {
      rowCount = budget.countLimit;
      countCapped = true;
    }
    return {
      columns: first.fields.map((field) => field.name),
      rows,
      rowCount,
      countCapped,
      cutCells: cut.n,
    };
  } finally {
    await cursor.close().catch(() => undefined);
  }
}
