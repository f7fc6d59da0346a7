/**
 * The worker's requests for code of the library's own (the search store's indexing): a batch
 * runs in one transaction and a failure rolls it all back, `vector_cosine` ranks float32 blobs
 * when asked for, `stats` reports the memory the worker holds, and a `keep` statement stays
 * prepared (SQLite's own `sqlite_stmt` lists it) and answers each request's parameters.
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

  it('keeps a `keep` statement prepared between requests, each answering its own parameters', async () => {
    const kept = (id: number) =>
      worker.query({ ...read, sql: 'SELECT ?1 * 2 AS twice', params: [id], keep: true });
    const listed = async () => {
      const answer = await worker.query({ ...read, sql: 'SELECT sql FROM sqlite_stmt' });
      return answer.ok ? answer.result.rows.map(([sql]) => sql) : [];
    };
    expect(await kept(2)).toMatchObject({ ok: true, result: { rows: [[4]] } });
    expect(await listed()).toContain('SELECT ?1 * 2 AS twice');
    expect(await kept(5)).toMatchObject({ ok: true, result: { rows: [[10]] } });
    await worker.query({ ...read, sql: 'SELECT ?1 * 3', params: [1] });
    expect(await listed()).not.toContain('SELECT ?1 * 3');
  });
});

describe('SqliteWorker whose thread dies', () => {
  /** Ends the thread mid-query, as the hard stop does when a statement will not stop. */
  async function killDuringQuery(worker: SqliteWorker): Promise<void> {
    const running = worker.query({
      ...read,
      sql: 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n',
    });
    const thread = (worker as unknown as { worker: { terminate(): Promise<number> } }).worker;
    await thread.terminate();
    await expect(running).rejects.toThrow(/SQLite worker failed/);
  }

  it('reopens a database nobody wrote to and answers as before', async () => {
    const worker = await SqliteWorker.start();
    try {
      await worker.open({ readOnly: false });
      await killDuringQuery(worker);
      const answer = await worker.query({ ...read, sql: 'SELECT 41 + 1' });
      expect(answer).toMatchObject({ ok: true, result: { rows: [[42]] } });
    } finally {
      await worker.close();
    }
  });

  it('refuses to answer from the old bytes once rows written since opening were lost', async () => {
    const worker = await SqliteWorker.start();
    try {
      await worker.open({ readOnly: false });
      await worker.batch({
        steps: [
          { sql: 'CREATE TABLE notes (body TEXT)', rows: [[]] },
          { sql: 'INSERT INTO notes VALUES (?1)', rows: [['kept?']] },
        ],
        timeoutMs: 10_000,
      });
      await killDuringQuery(worker);
      await expect(worker.query({ ...read, sql: 'SELECT count(*) FROM notes' })).rejects.toThrow(
        /rows written since the database was opened were lost/,
      );
      await worker.open({ readOnly: false });
      const reopened = await worker.query({ ...read, sql: 'SELECT 1' });
      expect(reopened).toMatchObject({ ok: true, result: { rows: [[1]] } });
    } finally {
      await worker.close();
    }
  });
});
