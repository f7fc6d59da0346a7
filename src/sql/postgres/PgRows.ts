/**
 * The rows of one result as the wire gives them (`ByteMeter` hands over each DataRow's bytes,
 * which `pg` never decodes: a 1,000-row call took about 40 % less CPU than when `pg` decoded
 * each field and handed the fields over, and a fifth less again with one decode per socket read
 * instead of one per row), read into cells (`pgCell`) and, in the same pass,
 * into their lines of the text table the model reads (`QueryRows.lines`, exactly as `rowLine`
 * writes them). A field's text is what `pg` would have made of it (UTF-8), parsed by the
 * application's `pg.types` parser as `pg` would. Where the text a cell shows is the wire's own
 * text, it is kept as it came: a text column's value (the driver parses text types to
 * themselves), and an `int2`/`int4` column's, whose wire text is the number's canonical decimal
 * (PostgreSQL writes no `+`, no leading zero): not parsed to a number and written back to text.
 */
import type { FieldDef } from 'pg';
import type { SqlCell } from '../SqlEngine';
import { CELL_SEPARATOR, cellText, escapeCell } from '../rowLine';
import type { PgModules } from './loadPg';
import { pgCell } from './pgCell';

type Parser = (text: string) => unknown;

/** The type oids of `int2` and `int4`. */
const INT2 = 21;
const INT4 = 23;

/**
 * Whether `parse` reads an integer's text as that integer, as the driver's own parser does (a
 * parser set with `pg.types.setTypeParser` may not: then the cell's text is written from its value).
 */
function readsIntegers(parse: Parser): boolean {
  return parse('-32768') === -32768 && parse('2147483647') === 2147483647 && parse('7') === 7;
}

/** Cells and lines of the rows shown, read as they arrive. */
export class PgRows {
  readonly rows: SqlCell[][] = [];
  readonly lines: string[] = [];
  /** Cells cut to `maxCellChars`. */
  readonly cut = { n: 0 };
  private parsers: Parser[] = [];
  /** Per column: its value's text is the wire's (an int2/int4 read by an integer parser). */
  private wireText: boolean[] = [];

  constructor(
    private readonly types: PgModules['types'],
    private readonly maxCellChars: number,
  ) {}

  /**
   * The read the rows came in, decoded once (UTF-8, as `pg` decodes a field) from the first row
   * to its end, while every byte of it reads as one character (as ASCII does): each field is then
   * a slice of it, the same text a decode of its own bytes gives. Once a read holds a byte that
   * does not (`wide`), each field is decoded alone, as `pg` does.
   */
  private window?: { bytes: Buffer; from: number; text: string };
  private wide = false;

  /** The read holding `bytes[start]` as one string, when it reads a character a byte. */
  private windowOf(bytes: Buffer, start: number): PgRows['window'] {
    const window = this.window;
    if (window && window.bytes === bytes && start >= window.from) return window;
    if (this.wide) return undefined;
    const text = bytes.toString('utf8', start, bytes.length);
    if (text.length !== bytes.length - start) {
      this.wide = true;
      return (this.window = undefined);
    }
    return (this.window = { bytes, from: start, text });
  }

  /** The result's columns (a RowDescription): how each is parsed. */
  describe(fields: readonly FieldDef[]): void {
    this.parsers = fields.map(
      (field) =>
        this.types.getTypeParser(
          field.dataTypeID,
          field.format === 'binary' ? 'binary' : 'text',
        ) as Parser,
    );
    this.wireText = fields.map(
      (field, i) =>
        field.format !== 'binary' &&
        (field.dataTypeID === INT2 || field.dataTypeID === INT4) &&
        readsIntegers(this.parsers[i]!),
    );
  }

  /**
   * One row, from a DataRow's body at `bytes[start]` (the field count, then each field's length,
   * -1 for NULL, and bytes): its cells, and its line.
   */
  add(bytes: Buffer, start: number): void {
    const { parsers, wireText, maxCellChars, cut } = this;
    const count = bytes.readInt16BE(start);
    const row: SqlCell[] = new Array(count);
    const window = this.windowOf(bytes, start);
    let at = start + 2;
    let line = '';
    for (let i = 0; i < count; i++) {
      const length = bytes.readInt32BE(at);
      at += 4;
      let raw: string | null = null;
      if (length >= 0) {
        raw = window
          ? window.text.slice(at - window.from, at - window.from + length)
          : bytes.toString('utf8', at, at + length);
        at += length;
      }
      let cell: SqlCell;
      let text: string;
      if (raw === null) {
        cell = null;
        text = 'NULL';
      } else {
        const value = parsers[i]!(raw);
        if (value === raw && raw.length <= maxCellChars) {
          cell = raw;
          text = escapeCell(raw);
        } else if (wireText[i] && typeof value === 'number') {
          cell = value;
          text = raw;
        } else {
          cell = pgCell(value, maxCellChars, cut);
          text = cellText(cell);
        }
      }
      row[i] = cell;
      line = i === 0 ? text : line + CELL_SEPARATOR + text;
    }
    this.rows.push(row);
    this.lines.push(line);
  }
}
