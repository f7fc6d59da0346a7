/**
 * Reading a stepped row within the byte budgets, before anything is decoded: a cell decodes at
 * most the bytes its character budget can hold (a 5 MB value costs as much as a 200-character
 * one), and a row's size is measured from SQLite's byte counts, so a call can stop once the
 * values it stepped over pass its budget.
 */
import { cutAtCodePoint } from '../../../text/cutAtCodePoint';
import type { SqlCell } from './protocol';
import type { Capi, Pointer, Wasm } from './sqliteApi';

const SQLITE_INTEGER = 1;
const SQLITE_FLOAT = 2;
const SQLITE_TEXT = 3;
const SQLITE_BLOB = 4;
const SQLITE_NULL = 5;

/** UTF-8 bytes a character (a UTF-16 unit) takes at most. */
const MAX_BYTES_PER_CHAR = 4;

const decoder = new TextDecoder();

/** A text cell, decoding no more of its UTF-8 than `maxChars` characters can take. */
function readText(
  capi: Capi,
  wasm: Wasm,
  stmt: Pointer,
  index: number,
  maxChars: number,
  cut: { n: number },
): string {
  // The value's UTF-8 in wasm memory (not yet a JavaScript string), then its length.
  const pointer = wasm.exports.sqlite3_column_text(stmt, index);
  const bytes = capi.sqlite3_column_bytes(stmt, index);
  const read = Math.min(bytes, maxChars * MAX_BYTES_PER_CHAR);
  const text = decoder.decode(wasm.heap8u().subarray(pointer, pointer + read));
  if (read === bytes && text.length <= maxChars) return text;
  cut.n++;
  return `${cutAtCodePoint(text, maxChars)}…`;
}

/**
 * One cell within the budget; counts a cut cell in `cut`.
 * @example
 * readCell(capi, wasm, stmt, 0, 200, cut); // 'Ada', 42, null or '<blob, 16 bytes>'
 */
export function readCell(
  capi: Capi,
  wasm: Wasm,
  stmt: Pointer,
  index: number,
  maxChars: number,
  cut: { n: number },
): SqlCell {
  switch (capi.sqlite3_column_type(stmt, index)) {
    case SQLITE_INTEGER: {
      const value = capi.sqlite3_column_int64(stmt, index);
      const number = Number(value);
      return Number.isSafeInteger(number) ? number : String(value);
    }
    case SQLITE_FLOAT:
      return capi.sqlite3_column_double(stmt, index);
    case SQLITE_BLOB:
      return `<blob, ${capi.sqlite3_column_bytes(stmt, index)} bytes>`;
    case SQLITE_NULL:
      return null;
    default:
      return readText(capi, wasm, stmt, index, maxChars, cut);
  }
}

/** The bytes of a stepped row's text and blob values (numbers count as 8), none decoded. */
export function rowBytes(capi: Capi, stmt: Pointer, columns: number): number {
  let bytes = 0;
  for (let i = 0; i < columns; i++) {
    const type = capi.sqlite3_column_type(stmt, i);
    bytes += type === SQLITE_TEXT || type === SQLITE_BLOB ? capi.sqlite3_column_bytes(stmt, i) : 8;
  }
  return bytes;
}
