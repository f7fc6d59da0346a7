/**
 * The bare engine the search bench holds `SqliteSearchStore` to: the same corpus in a plain FTS5
 * table (title, text; the store's tokenizer) in the same engine and worker, fed by one INSERT
 * per chunk in one transaction per batch, and queried with the store's MATCH expression,
 * `snippet()` and bm25 for the top 10. No documents table, no metadata, no word-splitting
 * columns: what any store on FTS5 pays at least.
 */
import { cleanQuery } from '../../src/search/cleanQuery';
import { fts5MatchExpression } from '../../src/search/fts5Query';
import { SqliteWorker } from '../../src/sql/sqlite/worker/SqliteWorker';
import type { SearchDocument } from '../../src/search/SearchDocument';
import type { SearchHit } from '../../src/search/types';

const SCHEMA =
  "CREATE VIRTUAL TABLE fts USING fts5(title, text, tokenize='unicode61 remove_diacritics 2')";
const INSERT = 'INSERT INTO fts (title, text) VALUES (?1, ?2)';
const SEARCH =
  "SELECT rowid, title, snippet(fts, 1, '', '', '…', 64), -bm25(fts) FROM fts " +
  'WHERE fts MATCH ?1 ORDER BY rank LIMIT ?2';

/** A plain FTS5 table in its own worker. */
export class BareFts5 {
  private constructor(private readonly worker: SqliteWorker) {}

  static async open(): Promise<BareFts5> {
    const worker = await SqliteWorker.start();
    await worker.open({ readOnly: false });
    const bare = new BareFts5(worker);
    await bare.batch(SCHEMA, [[]]);
    return bare;
  }

  /** Indexes one batch of documents (one chunk each, as the bench's corpus is). */
  add(documents: readonly SearchDocument[]): Promise<void> {
    return this.batch(
      INSERT,
      documents.map(({ title, text }) => [title, text]),
    );
  }

  /** The top `limit` chunks for `query`, with their passages. */
  async search(query: string, limit: number): Promise<SearchHit[]> {
    const match = fts5MatchExpression(cleanQuery(query));
    if (!match) return [];
    const answer = await this.worker.query({
      sql: SEARCH,
      params: [match, limit],
      policy: 'trusted',
      single: true,
      keep: true,
      maxRows: limit,
      countLimit: limit,
      maxCellChars: 1_000_000,
      timeoutMs: 5_000,
    });
    if (!answer.ok) throw new Error(answer.failure.message);
    return answer.result.rows.map(([id, title, text, score]) => ({
      source: String(id),
      title: String(title),
      text: String(text),
      score: Number(score),
    }));
  }

  /** The worker's memory (wasm heap + its JavaScript heap). */
  async memory(): Promise<number> {
    const stats = await this.worker.stats();
    return stats.wasmHeapBytes + stats.workerHeapUsed;
  }

  close(): Promise<void> {
    return this.worker.close();
  }

  private async batch(sql: string, rows: (string | number)[][]): Promise<void> {
    const answer = await this.worker.batch({ steps: [{ sql, rows }], timeoutMs: 600_000 });
    if (!answer.ok) throw new Error(answer.failure.message);
  }
}
