/**
 * The worker's requests for code of the library's own (the search store's indexing): a batch
 * runs in one transaction and a failure rolls it all back, `vector_cosine` ranks float32 blobs
 * when asked for, and `stats` reports the memory the worker holds.
 */
import { SqliteWorker } from './SqliteWorker';

const read = {
  policy: 'trusted' as const,
  single: true,
  maxRows: 100,
  countLimit: 100,
  maxCellChars: 100,
  timeoutMs: 10_000,
};
const blob = (...values: number[]) => new Uint8Array(Float32Array.from(values).buffer);

describe('SqliteWorker', () => {
  let worker: SqliteWorker;
  beforeAll(async () => {
    worker = await SqliteWorker.start();
    await worker.open({ readOnly: false, vectorFunctions: true });
  });
  afterAll(() => worker.close());

  it('runs a batch in one transaction and rolls all of it back on a failure', async () => {
    const created = await worker.batch({
      steps: [
        { sql: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)', rows: [[]] },
        { sql: 'INSERT INTO notes (body) VALUES (?1)', rows: [['one'], ['two']] },
      ],
      timeoutMs: 10_000,
    });
    expect(created).toEqual({ ok: true, result: { changes: 2 } });
    const failed = await worker.batch({
      steps: [{ sql: 'INSERT INTO notes (body) VALUES (?1)', rows: [['three'], [null]] }],
      timeoutMs: 10_000,
    });
    expect(failed).toMatchObject({
      ok: false,
      failure: { kind: 'sql', message: expect.stringContaining('NOT NULL') },
    });
    const counted = await worker.query({ ...read, sql: 'SELECT count(*) FROM notes' });
    expect(counted).toMatchObject({ ok: true, result: { rows: [[2]] } });
  });

  it('ranks float32 blobs by vector_cosine, NULL for anything else', async () => {
    const answer = await worker.query({
      ...read,
      sql: 'SELECT vector_cosine(?1, ?2), vector_cosine(?1, ?3), vector_cosine(?1, ?4), vector_cosine(?1, 7)',
      params: [blob(1, 0), blob(2, 0), blob(0, 1), blob(1, 0, 0)],
    });
    expect(answer).toMatchObject({ ok: true, result: { rows: [[1, 0, null, null]] } });
  });

  it('reports the memory it holds', async () => {
    const stats = await worker.stats();
    expect(stats.wasmHeapBytes).toBeGreaterThan(stats.sqliteMemoryUsed);
    expect(stats.sqliteMemoryUsed).toBeGreaterThan(0);
    expect(stats.workerHeapUsed).toBeGreaterThan(0);
  });
});
