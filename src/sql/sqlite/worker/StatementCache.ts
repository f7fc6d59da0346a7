/**
 * The prepared statements the worker keeps between requests, by SQL text: a request with
 * `keep` (the caller's own trusted statements, such as a search store's query) skips
 * `sqlite3_prepare` after its first run, which on a one-word search is a large part of the time.
 * Bounded (the least recently used is finalized), and emptied when the database closes.
 */
import type { Pointer, Sqlite3 } from './sqliteApi';

/** Statements kept at most. */
const MAX_KEPT = 32;

/** Prepared statements by SQL text, least recently used first. */
export class StatementCache {
  private readonly kept = new Map<string, Pointer>();

  constructor(private readonly sqlite3: Sqlite3) {}

  /**
   * The kept statement for `sql`, reset with no bindings, or undefined; it stays kept.
   * @example
   * const stmt = cache.take(sql) ?? cache.keep(sql, prepare(sql));
   */
  take(sql: string): Pointer | undefined {
    const stmt = this.kept.get(sql);
    if (stmt === undefined) return undefined;
    this.kept.delete(sql);
    this.kept.set(sql, stmt);
    return stmt;
  }

  /** Keeps `stmt` for `sql`, finalizing the least recently used past the bound; returns `stmt`. */
  keep(sql: string, stmt: Pointer): Pointer {
    this.kept.set(sql, stmt);
    for (const [oldest, old] of this.kept) {
      if (this.kept.size <= MAX_KEPT) break;
      this.kept.delete(oldest);
      this.sqlite3.capi.sqlite3_finalize(old);
    }
    return stmt;
  }

  /** Readies a kept statement for its next use: reset, bindings cleared. */
  release(stmt: Pointer): void {
    this.sqlite3.capi.sqlite3_reset(stmt);
    this.sqlite3.capi.sqlite3_clear_bindings(stmt);
  }

  /** Finalizes every kept statement (before the database closes). */
  clear(): void {
    for (const stmt of this.kept.values()) this.sqlite3.capi.sqlite3_finalize(stmt);
    this.kept.clear();
  }
}
