/**
 * What the model reads of a query's rows: a compact text table (`a | b` lines) cut to the
 * character budget, and a last line that says how many rows there were and, when cut, how to
 * narrow the query. The same cut decides the structured result, so text and
 * `structuredContent` always show the same rows.
 */
import type { QueryRows, SqlCell } from './SqlEngine';

/** The rows shown, and how the result reads. */
export interface RenderedRows {
  /** The rows kept within the character budget. */
  rows: SqlCell[][];
  text: string;
  truncated: boolean;
}

/** A cell as one line of text: NULL spelled out, line breaks escaped. */
function cellText(cell: SqlCell): string {
  if (cell === null) return 'NULL';
  return typeof cell === 'number'
    ? String(cell)
    : cell.replace(/\r?\n/g, '\\n').replace(/\|/g, '\\|');
}

const NARROW =
  'add a WHERE clause, a LIMIT, or an aggregate (COUNT, GROUP BY) to see what you need';

/**
 * Renders `result` within `maxChars`.
 * @example
 * renderRows({ columns: ['n'], rows: [[8]], rowCount: 1, countCapped: false, cutCells: 0 }, 8000).text;
 * // 'n\n8\n(1 row)'
 */
export function renderRows(result: QueryRows, maxChars: number): RenderedRows {
  const { columns, rowCount, countCapped, cutCells } = result;
  if (columns.length === 0) {
    return { rows: [], text: 'The statement ran and returned no columns.', truncated: false };
  }
  const header = columns.map((c) => cellText(c)).join(' | ');
  const lines = [header];
  let length = header.length;
  const rows: SqlCell[][] = [];
  for (const row of result.rows) {
    const line = row.map(cellText).join(' | ');
    if (length + line.length + 1 > maxChars) break;
    lines.push(line);
    rows.push(row);
    length += line.length + 1;
  }
  if (rowCount === 0) lines.push('(no rows)');
  const truncated = rows.length < rowCount || countCapped;
  if (truncated) {
    const total = countCapped ? `more than ${rowCount}` : String(rowCount);
    lines.push(`(truncated: showing ${rows.length} of ${total} rows; ${NARROW})`);
  } else if (rowCount > 0) {
    lines.push(`(${rowCount} row${rowCount === 1 ? '' : 's'})`);
  }
  if (cutCells > 0) {
    lines.push(
      `(${cutCells} long value${cutCells === 1 ? ' was' : 's were'} cut; select substr(column, 1, n) or length(column) instead)`,
    );
  }
  return { rows, text: lines.join('\n'), truncated };
}
