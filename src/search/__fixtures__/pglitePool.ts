/**
 * PGlite (PostgreSQL in WebAssembly) with its pgvector extension, given the pg-`Pool`-like face
 * the PostgreSQL store takes: `query(text, values)` answering `{ rows }`, and `connect()` for a
 * transaction. PGlite is one connection, so `connect()` hands out that connection, one holder at
 * a time. The store's own SQL runs unchanged: the SQL a pgvector server runs.
 */
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { PgPoolLike, PgQueryable } from '../PgPoolLike';

/** A PGlite database with pgvector enabled, as a pool. */
export interface PglitePool extends PgPoolLike {
  db: PGlite;
  close(): Promise<void>;
}

/** A fresh in-memory PGlite with `CREATE EXTENSION vector` run. */
export async function pglitePool(): Promise<PglitePool> {
  const db = await PGlite.create({ extensions: { vector } });
  await db.exec('CREATE EXTENSION IF NOT EXISTS vector');
  const query: PgQueryable['query'] = async (text, values) => ({
    rows: (await db.query(text, values as unknown[])).rows,
  });
  let held: Promise<void> = Promise.resolve();
  return {
    db,
    query,
    connect: async () => {
      const before = held;
      let release = (): void => undefined;
      held = new Promise((resolve) => (release = resolve));
      await before;
      return { query, release };
    },
    close: () => db.close(),
  };
}
