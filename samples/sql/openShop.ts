/**
 * The shop for the shipped SQL tools: the sample builds its database with sql.js, then hands
 * the bytes to `openSqlite` (sqlite-wasm in a worker thread, read-only, customers' emails
 * hidden from the model). Two lines give a registry: `sqlRegistry(await openShop())`.
 */
import { openSqlite } from 'toolwright/sql';
import type { SqliteDatabase } from 'toolwright/sql';
import type { Database } from 'sql.js';
import { createShopDatabase } from './createShopDatabase';

/** The shop opened for the SQL tools, and the sql.js database it was built in. */
export interface Shop {
  engine: SqliteDatabase;
  db: Database;
}

/** Builds the shop and opens it read-only for the SQL tools. */
export async function openShop(): Promise<Shop> {
  const db = await createShopDatabase();
  const engine = await openSqlite({ bytes: db.export(), hide: ['customers.email'] });
  return { engine, db };
}
