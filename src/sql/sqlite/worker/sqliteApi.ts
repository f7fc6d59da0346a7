/**
 * The part of `@sqlite.org/sqlite-wasm`'s C-style API (`sqlite3.capi`, `sqlite3.wasm`) the
 * worker uses, typed narrowly: the package's own typings are ESM-only, and the worker only
 * needs pointers, numbers and strings.
 */

/** A WebAssembly pointer. */
export type Pointer = number;

/** `sqlite3.capi`: the C functions and constants the worker calls. */
export interface Capi {
  sqlite3_open_v2(name: string, ppDb: Pointer, flags: number, vfs: Pointer | null): number;
  sqlite3_close_v2(db: Pointer): number;
  sqlite3_deserialize(
    db: Pointer,
    schema: string,
    data: Pointer,
    size: number,
    bufferSize: number,
    flags: number,
  ): number;
  sqlite3_prepare_v3(
    db: Pointer,
    sql: Pointer,
    bytes: number,
    flags: number,
    ppStmt: Pointer,
    pzTail: Pointer,
  ): number;
  sqlite3_prepare_v2(
    db: Pointer,
    sql: string,
    bytes: number,
    ppStmt: Pointer,
    pzTail: Pointer | null,
  ): number;
  sqlite3_step(stmt: Pointer): number;
  sqlite3_reset(stmt: Pointer): number;
  sqlite3_clear_bindings(stmt: Pointer): number;
  sqlite3_finalize(stmt: Pointer): number;
  sqlite3_changes(db: Pointer): number;
  sqlite3_stmt_readonly(stmt: Pointer): number;
  sqlite3_column_count(stmt: Pointer): number;
  sqlite3_column_name(stmt: Pointer, index: number): string;
  sqlite3_column_type(stmt: Pointer, index: number): number;
  sqlite3_column_int64(stmt: Pointer, index: number): bigint | number;
  sqlite3_column_double(stmt: Pointer, index: number): number;
  sqlite3_column_text(stmt: Pointer, index: number): string;
  sqlite3_column_bytes(stmt: Pointer, index: number): number;
  sqlite3_bind_parameter_count(stmt: Pointer): number;
  sqlite3_bind_null(stmt: Pointer, index: number): number;
  sqlite3_bind_int64(stmt: Pointer, index: number, value: bigint): number;
  sqlite3_bind_double(stmt: Pointer, index: number, value: number): number;
  sqlite3_bind_text(
    stmt: Pointer,
    index: number,
    value: Pointer,
    bytes: number,
    dtor: number,
  ): number;
  sqlite3_bind_blob(
    stmt: Pointer,
    index: number,
    value: Pointer,
    bytes: number,
    dtor: number,
  ): number;
  sqlite3_errmsg(db: Pointer): string;
  sqlite3_error_offset(db: Pointer): number;
  sqlite3_limit(db: Pointer, id: number, value: number): number;
  sqlite3_set_authorizer(
    db: Pointer,
    callback: (
      user: Pointer,
      action: number,
      a: string | null,
      b: string | null,
      c: string | null,
      d: string | null,
    ) => number,
    user: Pointer,
  ): number;
  sqlite3_progress_handler(
    db: Pointer,
    ops: number,
    callback: (() => number) | 0,
    user: Pointer,
  ): void;
  sqlite3_create_function_v2(
    db: Pointer,
    name: string,
    args: number,
    flags: number,
    app: Pointer,
    xFunc: (context: Pointer, ...values: unknown[]) => unknown,
    xStep: 0,
    xFinal: 0,
    xDestroy: 0,
  ): number;
  sqlite3_status64(op: number, current: Pointer, highwater: Pointer, reset: number): number;
  sqlite3_libversion(): string;
  sqlite3_js_db_export(db: Pointer): Uint8Array;
  [constant: `SQLITE_${string}`]: number;
}

/** `sqlite3.wasm`: memory helpers. */
export interface Wasm {
  allocCString(text: string): Pointer;
  alloc(bytes: number): Pointer;
  allocFromTypedArray(bytes: Uint8Array): Pointer;
  dealloc(pointer: Pointer): void;
  jstrlen(text: string): number;
  peekPtr(pointer: Pointer): Pointer;
  pokePtr(pointer: Pointer, value: Pointer): void;
  cstrToJs(pointer: Pointer): string;
  peek(pointer: Pointer, type: 'i64'): bigint;
  heap8u(): Uint8Array;
  ptrSizeof: number;
  /** The C functions themselves: pointers in and out, nothing converted to JavaScript. */
  exports: { sqlite3_column_text(stmt: Pointer, index: number): Pointer };
  pstack: { pointer: Pointer; alloc(bytes: number): Pointer; restore(pointer: Pointer): void };
}

/** The initialised module. */
export interface Sqlite3 {
  capi: Capi;
  wasm: Wasm;
}
