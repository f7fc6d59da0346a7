/**
 * The in-memory store: the store contract every store passes (add, update, remove, chunking,
 * filters, hybrid search, save and load with the embedder checked, hostile queries and
 * documents), and what is its own: a synchronous `remove` and `size`.
 */
import {
  CONTRACT_DOCUMENTS,
  describeSearchStoreContract,
} from './__fixtures__/searchStoreContract';
import { MemorySearchStore } from './MemorySearchStore';

describeSearchStoreContract('MemorySearchStore', {
  create: (options) => Promise.resolve(new MemorySearchStore(options)),
  load: (path, options) => MemorySearchStore.load(path, options),
});

describe('MemorySearchStore', () => {
  it('removes synchronously and counts its documents', async () => {
    const store = new MemorySearchStore();
    await store.add(CONTRACT_DOCUMENTS);
    expect(store.remove(['a', 'zzz'])).toBe(1);
    expect(store.size).toBe(CONTRACT_DOCUMENTS.length - 1);
  });
});
