/**
 * The in-memory store as an application indexes it: add, update, remove, long texts chunked,
 * filters, hybrid search with an embedder, and an index saved to a file and loaded again only
 * with the embedder it was built with.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbedderMismatchError } from './EmbedderMismatchError';
import { HashingEmbedder } from './HashingEmbedder';
import { MemorySearchStore } from './MemorySearchStore';

let dir: string;
beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'tw-search-'))));
afterAll(async () => rm(dir, { recursive: true, force: true }));

const docs = [
  { id: 'a', title: 'Refunds', text: 'Refunds take five days.', metadata: { lang: 'en' } },
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
  },
];

const sources = async (store: MemorySearchStore, query: string, filters?: Record<string, string>) =>
  (await store.search({ query, maxResults: 5, filters })).map((hit) => hit.source);

describe('MemorySearchStore', () => {
  it('adds, updates and removes documents', async () => {
    const store = new MemorySearchStore();
    await store.add(docs);
    expect(await sources(store, 'refunds')).toEqual(['a']);
    expect(await sources(store, 'ship')).toEqual(['https://shop.example/ship']);
    await store.update([{ id: 'a', title: 'Returns', text: 'Returns are free.' }]);
    expect(await sources(store, 'refunds')).toEqual([]);
    expect(await sources(store, 'free')).toEqual(['a']);
    expect(store.remove(['a', 'zzz'])).toBe(1);
    expect(await sources(store, 'free')).toEqual([]);
    expect(store.size).toBe(2);
  });

  it('chunks a long text and finds the passage that matches', async () => {
    const store = new MemorySearchStore({ chunking: { maxChars: 200, overlap: 0 } });
    const filler = 'Lorem ipsum dolor sit amet. '.repeat(30);
    await store.add([
      { id: 'long', title: 'Manual', text: `${filler}The zebra key resets the device. ${filler}` },
    ]);
    const [hit] = await store.search({ query: 'zebra', maxResults: 1 });
    expect(hit.text).toContain('The zebra key resets the device.');
    expect(hit.text.length).toBeLessThanOrEqual(200);
  });

  it('applies exact-match metadata filters', async () => {
    const store = new MemorySearchStore();
    await store.add(docs);
    expect(await sources(store, 'refunds fünf', { lang: 'de' })).toEqual(['b']);
  });

  it('fuses lexical and vector ranks when an embedder is set', async () => {
    const store = new MemorySearchStore({ embedder: new HashingEmbedder(128) });
    await store.add(docs);
    expect((await sources(store, 'how many days do refunds take'))[0]).toBe('a');
  });

  it('saves to a file and loads again, refusing another embedder', async () => {
    const path = join(dir, 'index.json');
    const store = new MemorySearchStore({ embedder: new HashingEmbedder(64) });
    await store.add(docs);
    await store.save(path);
    const loaded = await MemorySearchStore.load(path, { embedder: new HashingEmbedder(64) });
    expect(await sources(loaded, 'ship')).toEqual(['https://shop.example/ship']);
    await expect(
      MemorySearchStore.load(path, { embedder: new HashingEmbedder(32) }),
    ).rejects.toThrow(EmbedderMismatchError);
    await expect(MemorySearchStore.load(path)).rejects.toThrow(
      'was indexed with embedder hashing-v1 (64 dimensions), not none',
    );
  });
});
