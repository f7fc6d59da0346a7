/**
 * The PostgreSQL store's vectors on PGlite with its pgvector extension (Debian's PostgreSQL has
 * no pgvector): the store's own SQL, unchanged, through a pg-`Pool`-like adapter, so what is
 * tested is what a pgvector server runs: a `vector(n)` column, an HNSW index the nearest-chunks
 * query uses, `<=>` cosine fused with full text by reciprocal-rank fusion, and the embedder's
 * id and dimensions kept in the meta table, a mismatch refused.
 */
import type { EmbedOptions, Embedder } from './Embedder';
import { EmbedderMismatchError } from './EmbedderMismatchError';
import { HashingEmbedder } from './HashingEmbedder';
import { PostgresSearchStore } from './PostgresSearchStore';
import { searchTableSql } from './postgresSearchSql';
import { pglitePool } from './__fixtures__/pglitePool';
import type { PglitePool } from './__fixtures__/pglitePool';

/** A stand-in for a semantic model: texts about money back, or about delivery, point alike. */
class ConceptEmbedder implements Embedder {
  readonly id = 'test-concepts-v1';
  readonly dimensions = 3;
  readonly seen: EmbedOptions['inputType'][] = [];

  embed(texts: readonly string[], options: EmbedOptions): Promise<number[][]> {
    this.seen.push(options.inputType);
    return Promise.resolve(
      texts.map((text) => [
        /refund|money back|reimburs/i.test(text) ? 1 : 0,
        /ship|deliver|parcel/i.test(text) ? 1 : 0,
        0.1,
      ]),
    );
  }
}

const docs = [
  {
    id: 'a',
    title: 'Refunds',
    text: 'Refunds take five days after the return arrives.',
    metadata: { lang: 'en' },
  },
  {
    id: 'b',
    title: 'Rückgabe',
    text: 'Rückerstattungen dauern fünf Tage.',
    metadata: { lang: 'de' },
  },
  {
    id: 'c',
    title: 'Shipping',
    text: 'Orders ship in two days.',
    url: 'https://shop.example/ship',
    metadata: { lang: 'en' },
  },
  { id: 'd', title: 'Opening hours', text: 'The shop opens at nine.', metadata: { lang: 'en' } },
];

describe('PostgresSearchStore with pgvector (PGlite)', () => {
  let pool: PglitePool;
  let embedder: ConceptEmbedder;
  let store: PostgresSearchStore;
  const sources = async (query: string, filters?: Record<string, string>, on = store) =>
    (await on.search({ query, maxResults: 3, filters })).map((hit) => hit.source);

  beforeAll(async () => {
    pool = await pglitePool();
    embedder = new ConceptEmbedder();
    store = await PostgresSearchStore.open(pool, { table: 'kb', embedder });
    await store.add(docs);
  }, 60_000);
  afterAll(async () => pool?.close());

  it('finds a chunk by meaning where no word matches, from the vector column', async () => {
    const [hit] = await store.search({ query: 'when do I get my money back?', maxResults: 1 });
    expect(hit).toEqual({
      source: 'a',
      title: 'Refunds',
      text: 'Refunds take five days after the return arrives.',
    });
    expect(embedder.seen).toEqual(['document', 'query']);
  });

  it('fuses the full text and vector rankings (RRF): a chunk both find comes first', async () => {
    // Full text finds only "a" (refunds); the vectors find "a" and "c" (delivery) alike.
    expect(await sources('refunds delivery')).toEqual(['a', 'https://shop.example/ship', 'b']);
  });

  it('applies metadata filters to both rankings', async () => {
    expect(await sources('refunds delivery', { lang: 'de' })).toEqual(['b']);
  });

  it('orders the nearest chunks through the HNSW index (cosine)', async () => {
    const sql = searchTableSql({ table: 'kb', textConfig: 'english', dimensions: 3 });
    await pool.db.exec('SET enable_seqscan = off');
    try {
      const plan = await pool.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql.nearest}`, [
        '[1,0,0.1]',
        5,
        '{}',
      ]);
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(
        /Index Scan using kb_embedding on kb[\s\S]*Order By: \(embedding <=> /,
      );
    } finally {
      await pool.db.exec('RESET enable_seqscan');
    }
  });

  it('keeps the embedder in the meta table and refuses another one', async () => {
    const again = await PostgresSearchStore.open(pool, { table: 'kb', embedder });
    expect((await again.search({ query: 'parcel', maxResults: 1 }))[0].source).toBe(
      'https://shop.example/ship',
    );
    await expect(
      PostgresSearchStore.open(pool, { table: 'kb', embedder: new HashingEmbedder(3) }),
    ).rejects.toThrow(
      'kb was indexed with embedder test-concepts-v1 (3 dimensions), not hashing-v1 (3); open it with the same embedder or drop it and index again',
    );
    await expect(PostgresSearchStore.open(pool, { table: 'kb' })).rejects.toThrow(
      EmbedderMismatchError,
    );
    await PostgresSearchStore.open(pool, { table: 'plain' });
    await expect(PostgresSearchStore.open(pool, { table: 'plain', embedder })).rejects.toThrow(
      'plain has no vectors; open it without an embedder or drop it and index again with test-concepts-v1',
    );
  });

  it('refuses vectors of the wrong size and writes nothing', async () => {
    const liar: Embedder = {
      id: embedder.id,
      dimensions: 3,
      embed: (texts) => Promise.resolve(texts.map(() => [1, 0])),
    };
    const lying = await PostgresSearchStore.open(pool, { table: 'kb', embedder: liar });
    await expect(
      lying.add([{ id: 'e', title: 'New', text: 'Parcels are insured.' }]),
    ).rejects.toThrow('The embedder answered 2 dimensions for "e", not 3');
    expect(await store.count()).toBe(4);
  });

  it('runs hybrid search with the hashing embedder on long chunked texts', async () => {
    const hashing = await PostgresSearchStore.open(pool, {
      table: 'hashed',
      embedder: new HashingEmbedder(64),
      chunking: { maxChars: 300, overlap: 0 },
    });
    const filler = 'Lorem ipsum dolor sit amet consectetur. '.repeat(15);
    await hashing.add([
      ...docs,
      { id: 'long', title: 'Manual', text: `${filler}The zebra key resets the device. ${filler}` },
    ]);
    const [hit] = await hashing.search({ query: 'which key resets the device', maxResults: 1 });
    expect(hit.source).toBe('long');
    expect(hit.text).toContain('zebra key resets the device');
    expect(await hashing.remove(['long'])).toBe(1);
    expect(await hashing.count()).toBe(4);
  });
});
