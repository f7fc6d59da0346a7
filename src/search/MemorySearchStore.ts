/**
 * The store of the user's documents in memory (no peer: for small sets and tests, where
 * `SqliteSearchStore` is the one for real document sets): BM25 over the chunks, plus cosine
 * similarity and reciprocal-rank fusion when an embedder is set (hybrid). Indexing is code:
 * `add`, `update`, `remove` (long texts are chunked), `save` to a JSON file and `load` it again,
 * the embedder's id and dimensions stored with it and checked.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { checkEmbedder, storedEmbedderOf } from './checkEmbedder';
import { cleanQuery } from './cleanQuery';
import type { StoredEmbedder } from './checkEmbedder';
import { chunkText } from './chunkText';
import type { ChunkOptions } from './chunkText';
import type { Embedder } from './Embedder';
import { EmbedderMismatchError } from './EmbedderMismatchError';
import { reciprocalRankFusion } from './rrf';
import type { SearchDocument, StoredChunk } from './SearchDocument';
import { tokenize } from './tokenize';
import type { SearchHit, SearchRequest, SearchSource } from './types';

/** Options of `MemorySearchStore`. */
export interface MemorySearchStoreOptions {
  /** Turns on hybrid search (lexical + vectors). */
  embedder?: Embedder;
  /** How documents are cut into indexed chunks (default 1,200 characters, 150 overlapping). */
  chunking?: ChunkOptions;
}

interface Entry extends StoredChunk {
  terms: Map<string, number>;
  length: number;
  vector?: number[];
}

/** What `save` writes. */
interface SavedIndex {
  format: 'toolwright-search-memory';
  version: 1;
  embedder: StoredEmbedder;
  documents: SearchDocument[];
  chunks: { documentId: string; part: number; text: string; vector?: number[] }[];
}

const termCounts = (text: string): Map<string, number> => {
  const counts = new Map<string, number>();
  for (const term of tokenize(text)) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
};

const cosine = (a: readonly number[], b: readonly number[]): number => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
};

/**
 * Documents searched in memory (BM25; hybrid with an embedder).
 * @example
 * const store = new MemorySearchStore({ embedder: new VoyageEmbedder({ apiKey }) });
 * await store.add([{ id: 'faq-1', title: 'Refunds', text: 'Refunds take 5 days.' }]);
 */
export class MemorySearchStore implements SearchSource {
  private readonly documents = new Map<string, SearchDocument>();
  private readonly chunks = new Map<string, Entry[]>();

  constructor(private readonly options: MemorySearchStoreOptions = {}) {}

  /** How many documents are indexed. */
  get size(): number {
    return this.documents.size;
  }

  /** Indexes documents (an id already present is replaced). */
  async add(documents: readonly SearchDocument[], signal?: AbortSignal): Promise<void> {
    const prepared = documents.map((document) => ({
      document,
      parts: chunkText(document.text, this.options.chunking),
    }));
    const texts = prepared.flatMap(({ document, parts }) =>
      parts.map((part) => `${document.title}\n${part}`),
    );
    const vectors = this.options.embedder
      ? await this.options.embedder.embed(texts, { inputType: 'document', signal })
      : [];
    let at = 0;
    for (const { document, parts } of prepared) {
      this.documents.set(document.id, { ...document });
      this.chunks.set(
        document.id,
        parts.map((text, part) => this.entry(document, part, text, vectors[at++])),
      );
    }
  }

  /** Replaces documents by id. */
  update(documents: readonly SearchDocument[], signal?: AbortSignal): Promise<void> {
    return this.add(documents, signal);
  }

  /** Removes documents by id; returns how many were indexed. */
  remove(ids: readonly string[]): number {
    let removed = 0;
    for (const id of ids) {
      if (this.documents.delete(id)) removed += 1;
      this.chunks.delete(id);
    }
    return removed;
  }

  /** The best chunks for a request, one hit per chunk. */
  async search(request: SearchRequest): Promise<SearchHit[]> {
    const text = cleanQuery(request.query);
    const entries = [...this.chunks.values()].flat().filter((entry) => this.passes(entry, request));
    const lexical = this.bm25(entries, tokenize(text));
    const lists = [lexical];
    const embedder = this.options.embedder;
    if (embedder) {
      const [query] = await embedder.embed([text], {
        inputType: 'query',
        signal: request.signal,
      });
      const scored = entries
        .filter((entry) => entry.vector)
        .map((entry) => ({ key: keyOf(entry), score: cosine(query, entry.vector!) }))
        .filter((item) => item.score > 0)
        .sort((a, b) => b.score - a.score);
      lists.push(scored.map((item) => item.key));
    }
    const byKey = new Map(entries.map((entry) => [keyOf(entry), entry]));
    const order = embedder ? reciprocalRankFusion(lists) : lexical;
    return order.slice(0, request.maxResults).map((key) => this.hitOf(byKey.get(key)!));
  }

  /** Writes the index (documents, chunks, vectors, embedder id) to a JSON file. */
  async save(path: string): Promise<void> {
    const saved: SavedIndex = {
      format: 'toolwright-search-memory',
      version: 1,
      embedder: storedEmbedderOf(this.options.embedder),
      documents: [...this.documents.values()],
      chunks: [...this.chunks.values()]
        .flat()
        .map(({ documentId, part, text, vector }) => ({ documentId, part, text, vector })),
    };
    await writeFile(path, JSON.stringify(saved));
  }

  /**
   * Loads a saved index; the embedder must be the one it was built with (id and dimensions).
   * @example
   * const store = await MemorySearchStore.load('index.json', { embedder });
   */
  static async load(
    path: string,
    options: MemorySearchStoreOptions = {},
  ): Promise<MemorySearchStore> {
    const saved = JSON.parse(await readFile(path, 'utf8')) as SavedIndex;
    checkEmbedder(path, saved.embedder, options.embedder);
    const store = new MemorySearchStore(options);
    for (const document of saved.documents) {
      store.documents.set(document.id, document);
      store.chunks.set(document.id, []);
    }
    for (const chunk of saved.chunks) {
      const document = store.documents.get(chunk.documentId);
      if (!document) continue;
      store.chunks
        .get(chunk.documentId)!
        .push(store.entry(document, chunk.part, chunk.text, chunk.vector));
    }
    return store;
  }

  private entry(document: SearchDocument, part: number, text: string, vector?: number[]): Entry {
    const terms = termCounts(`${document.title}\n${text}`);
    const length = [...terms.values()].reduce((sum, count) => sum + count, 0);
    const dimensions = this.options.embedder?.dimensions;
    if (vector && dimensions !== undefined && vector.length !== dimensions) {
      throw new EmbedderMismatchError(
        `The embedder answered ${vector.length} dimensions for "${document.id}", not ${dimensions}`,
      );
    }
    return { documentId: document.id, part, text, terms, length, vector };
  }

  private passes(entry: Entry, request: SearchRequest): boolean {
    const filters = Object.entries(request.filters ?? {});
    if (!filters.length) return true;
    const metadata = this.documents.get(entry.documentId)?.metadata ?? {};
    return filters.every(([key, value]) => metadata[key] === value);
  }

  /** Keys of the entries matching any term, by BM25 (k1 1.2, b 0.75). */
  private bm25(entries: readonly Entry[], terms: readonly string[]): string[] {
    const unique = [...new Set(terms)];
    if (!unique.length || !entries.length) return [];
    const average = entries.reduce((sum, entry) => sum + entry.length, 0) / entries.length || 1;
    const idf = new Map(
      unique.map((term) => {
        const df = entries.filter((entry) => entry.terms.has(term)).length;
        return [term, Math.log(1 + (entries.length - df + 0.5) / (df + 0.5))];
      }),
    );
    return entries
      .map((entry) => {
        let score = 0;
        for (const term of unique) {
          const tf = entry.terms.get(term) ?? 0;
          if (!tf) continue;
          score +=
            (idf.get(term)! * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * entry.length) / average));
        }
        return { key: keyOf(entry), score };
      })
      .filter((item) => item.score > 0)
      .sort((a, b) => b.score - a.score)
      .map((item) => item.key);
  }

  private hitOf(entry: Entry): SearchHit {
    const document = this.documents.get(entry.documentId)!;
    return { source: document.url ?? document.id, title: document.title, text: entry.text };
  }
}

const keyOf = (entry: StoredChunk): string => `${entry.documentId}\u0000${entry.part}`;
