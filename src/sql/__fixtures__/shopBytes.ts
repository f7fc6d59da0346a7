/**
 * A small shop database as SQLite bytes, for the SQL tools' tests: customers (with a password
 * hash to hide), orders, an FTS5 table, a view; built once with sqlite-wasm itself.
 */
import { SqliteWorker } from '../sqlite/worker/SqliteWorker';

const SETUP = [
  'CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, password_hash TEXT NOT NULL)',
  "INSERT INTO customers VALUES (1, 'Ada', 'ada@example.com', 'hash-ada'), (2, 'Grace', 'grace@example.com', 'hash-grace')",
  'CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), total_cents INTEGER NOT NULL, note TEXT)',
  'CREATE INDEX orders_by_customer ON orders(customer_id)',
  "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) INSERT INTO orders SELECT i, 1 + i % 2, i * 100, 'note ' || i FROM n",
  'CREATE VIRTUAL TABLE docs USING fts5(body)',
  "INSERT INTO docs VALUES ('shipping takes three days'), ('refunds within thirty days')",
  'CREATE VIEW big_orders AS SELECT id, total_cents FROM orders WHERE total_cents > 50000',
];

/** The shop's bytes (a fresh worker builds them, then exports `main` through `VACUUM INTO`-free serialisation). */
export async function shopBytes(): Promise<Uint8Array> {
  const worker = await SqliteWorker.start();
  try {
    for (const sql of SETUP) {
      const answer = await worker.query({
        sql,
        policy: 'trusted',
        single: true,
        maxRows: 0,
        countLimit: 0,
        maxCellChars: 0,
        timeoutMs: 10_000,
      });
      if (!answer.ok) throw new Error(`${sql}: ${answer.failure.message}`);
    }
    return await worker.serialize();
  } finally {
    await worker.close();
  }
}
