/**
 * What the model reads of a query's rows: a compact text table (`a | b` lines) and a last line
 * that says how many rows there were and, when cut, how to narrow the query, all of it within
 * the character budget (a header too wide for it says to name the columns instead). The same
 * cut decides the structured result, so text and `structuredContent` always show the same rows.
 */
import { cutAtCodePoint } from '../text/cutAtCodePoint';
import type { QueryRows, SqlCell } from './SqlEngine';
import { cellText, rowLine } from './rowLine';

/** The rows shown, and how the result reads. */
export interface RenderedRows {
  /** The rows kept within the character budget. */
  rows: SqlCell[][];
  text: string;
  truncated: boolean;
}

const NARROW =
  'add a WHERE clause, a LIMIT, or an aggregate (COUNT, GROUP BY) to see what you need';

/** The line saying how many rows there were (and how to narrow when not all are shown). */
function countLine(shown: number, rowCount: number, countCapped: boolean): string {
  if (shown < rowCount || countCapped) {
    const total = countCapped ? `more than ${rowCount}` : String(rowCount);
    return `(truncated: showing ${shown} of ${total} rows; ${NARROW})`;
  }
  if (rowCount === 0) return '(no rows)';
  return `(${rowCount} row${rowCount === 1 ? '' : 's'})`;
}

/** The note on cells cut to the cell budget, if any. */
function cutNote(cutCells: number, note?: string): string {
  const cut =
    cutCells > 0
      ? `\n(${cutCells} long value${cutCells === 1 ? ' was' : 's were'} cut; select substr(column, 1, n) or length(column) instead)`
      : '';
  return note ? `${cut}\n(${note})` : cut;
}

/** The answer when no column is shown: none selected, or only hidden ones. */
function noColumns(hidden: readonly string[] | undefined): string {
  if (!hidden?.length) return 'The statement ran and returned no columns.';
  const names = hidden.join(', ');
  return `The statement selected only hidden column${hidden.length === 1 ? '' : 's'} (${names}), which these tools never show; select other columns.`;
}

/**
 * Renders `result` within `maxChars`: the header, as many rows as fit, and the notes, counted
 * together.
 * @example
 * renderRows({ columns: ['n'], rows: [[8]], rowCount: 1, countCapped: false, cutCells: 0 }, 8000).text;
 * // 'n\n8\n(1 row)'
 */
export function renderRows(result: QueryRows, maxChars: number): RenderedRows {
  const { columns, rowCount, countCapped, cutCells } = result;
  if (columns.length === 0) {
    return { rows: [], text: cutAtCodePoint(noColumns(result.hidden), maxChars), truncated: false };
  }
  const notes = cutNote(cutCells, result.note);
  // Room kept for the last lines, at their longest (every row shown, the count capped).
  const reserve = 1 + countLine(result.rows.length, rowCount, true).length + notes.length;
  const header = columns.map((c) => cellText(c)).join(' | ');
  if (header.length + reserve > maxChars) {
    const text =
      `The result has ${columns.length} columns, whose names alone take ${header.length} of the ` +
      `${maxChars} characters a result may show; name the columns you need instead of SELECT *.`;
    return { rows: [], text: cutAtCodePoint(text, maxChars), truncated: true };
  }
  // One string built as it goes (not lines joined at the end): a 1,000-row result renders in
  // half the time, which the bench's ratio against the bare driver feels.
  let text = header;
  let shown = 0;
  // The engine's own lines when it wrote them while reading (one pass over the cells, not two).
  const { lines } = result;
  for (const row of result.rows) {
    const line = lines ? lines[shown]! : rowLine(row);
    if (text.length + 1 + line.length + reserve > maxChars) break;
    text += '\n' + line;
    shown++;
  }
  const rows = shown === result.rows.length ? result.rows : result.rows.slice(0, shown);
  const truncated = shown < rowCount || countCapped;
  text += '\n' + countLine(shown, rowCount, countCapped) + notes;
  return { rows, text, truncated };
}
