/** A SQLite database's bytes built from statements by sqlite-wasm itself, for the SQL tools' tests. */
import { SqliteWorker } from '../sqlite/worker/SqliteWorker';

/** Runs `statements` on a fresh in-memory database and returns its bytes. */
export async function sqliteBytes(statements: readonly string[]): Promise<Uint8Array> {
  const worker = await SqliteWorker.start();
  try {
    for (const sql of statements) {
      const budget = { maxRows: 0, countLimit: 0, maxCellChars: 0, timeoutMs: 30_000 };
      const answer = await worker.query({ sql, policy: 'trusted', single: true, ...budget });
      if (!answer.ok) throw new Error(`${sql}: ${answer.failure.message}`);
    }
    return await worker.serialize();
  } finally {
    await worker.close();
  }
}
