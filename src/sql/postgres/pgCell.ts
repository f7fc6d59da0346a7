/** A PostgreSQL value as a cell the model reads: text cut to the budget, numbers, NULL, notes for bytes. */
import type { SqlCell } from '../SqlEngine';
import { cutAtCodePoint } from '../../text/cutAtCodePoint';

/** `value` (as `pg` parsed it) within `maxChars`; `cut.n` counts the cells cut. */
export function pgCell(value: unknown, maxChars: number, cut: { n: number }): SqlCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text: string;
  if (typeof value === 'string') text = value;
  else if (value instanceof Date)
    text = Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  else if (Buffer.isBuffer(value)) return `<bytea, ${value.length} bytes>`;
  else if (typeof value === 'bigint') text = value.toString();
  else text = JSON.stringify(value);
  if (text.length <= maxChars) return text;
  cut.n++;
  // At a code point, as SQLite's cells are: half an emoji would make the request invalid.
  return `${cutAtCodePoint(text, maxChars)}…`;
}
