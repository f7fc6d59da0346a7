/**
 * The face of a PostgreSQL connection pool the PostgreSQL search store runs its SQL on: `pg`'s
 * `Pool` fits as it is, so toolwright loads no driver of its own, and a dozen lines give PGlite
 * the same face. Apart from the store so that what opens the table can take it too.
 */

/** What the store runs SQL on: `pg`'s `Pool` and `PoolClient` fit (and PGlite's `query`). */
export interface PgQueryable {
  /** Runs one statement with `$1…` parameters; answers its rows. */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A pool handing out one connection for a transaction: `pg`'s `Pool` fits. */
export interface PgPoolLike extends PgQueryable {
  /** One connection for a transaction, given back with `release()`. */
  connect(): Promise<PgQueryable & { release(): void }>;
}

/** The SQLSTATE of a PostgreSQL error (`42P01`), when it has one. */
export const sqlStateOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
};
