/**
 * SQL functions for vectors stored as float32 blobs, registered on a database that asks for them
 * (`OpenRequest.vectorFunctions`): the search store ranks chunks by `vector_cosine` without
 * carrying the vectors out of the worker. Pure functions: NULL for anything but two blobs of
 * the same length.
 */
import type { Pointer, Sqlite3 } from './sqliteApi';

const SQLITE_UTF8 = 1;
const SQLITE_DETERMINISTIC = 0x800;
const SQLITE_INNOCUOUS = 0x200000;

/** The float32 values of a blob (copied by sqlite-wasm, so aligned), or undefined. */
function floatsOf(value: unknown): Float32Array | undefined {
  if (!(value instanceof Uint8Array) || value.byteLength % 4 !== 0) return undefined;
  const aligned = value.byteOffset % 4 === 0 ? value : value.slice();
  return new Float32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4);
}

/** The cosine of two float32 blobs; null when either is not one or their lengths differ. */
export function vectorCosine(a: unknown, b: unknown): number | null {
  const x = floatsOf(a);
  const y = floatsOf(b);
  if (!x || !y || x.length !== y.length || x.length === 0) return null;
  let dot = 0;
  let nx = 0;
  let ny = 0;
  for (let i = 0; i < x.length; i++) {
    dot += x[i] * y[i];
    nx += x[i] * x[i];
    ny += y[i] * y[i];
  }
  return nx && ny ? dot / Math.sqrt(nx * ny) : 0;
}

/**
 * Registers `vector_cosine(a, b)` on `db`.
 * @example
 * registerVectorFunctions(sqlite3, db); // SELECT vector_cosine(vector, ?1) FROM vectors
 */
export function registerVectorFunctions(sqlite3: Sqlite3, db: Pointer): number {
  return sqlite3.capi.sqlite3_create_function_v2(
    db,
    'vector_cosine',
    2,
    SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
    0,
    (_context, a, b) => vectorCosine(a, b),
    0,
    0,
    0,
  );
}
