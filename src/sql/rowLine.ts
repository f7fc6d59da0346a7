/**
 * A row of a result as one line of the text table the model reads: NULL spelled out, line
 * breaks and the `|` separator escaped, cells between ` | `. `renderRows` writes the lines; an
 * engine may write them itself as it reads (`QueryRows.lines`), from the wire's own text.
 */
import type { SqlCell } from './SqlEngine';

/** Characters a cell escapes; most cells have none, and skip the replacing. */
const SPECIAL = /[\r\n|]/;

/** Text as one cell of a line: line breaks and the separator escaped. */
export function escapeCell(text: string): string {
  return SPECIAL.test(text)
    ? text.replace(/\r?\n/g, '\\n').replace(/\r/g, '\\r').replace(/\|/g, '\\|')
    : text;
}

/** A cell as one line of text: NULL spelled out, line breaks and the separator escaped. */
export function cellText(cell: SqlCell): string {
  if (cell === null) return 'NULL';
  // Concatenation, not String(): V8 converts through its number-string cache, twice as fast.
  if (typeof cell === 'number') return '' + cell;
  return escapeCell(cell);
}

/** The separator between the cells of a line. */
export const CELL_SEPARATOR = ' | ';

/** A row as one line (cells added one by one: faster than `map().join()`, or `join` itself). */
export function rowLine(row: readonly SqlCell[]): string {
  let line = row.length > 0 ? cellText(row[0]!) : '';
  for (let i = 1; i < row.length; i++) line += CELL_SEPARATOR + cellText(row[i]!);
  return line;
}
