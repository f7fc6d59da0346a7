/**
 * The embedded store of the user's documents: SQLite FTS5 (`@sqlite.org/sqlite-wasm` in the
 * worker thread the SQL tools use), bm25 ranking and `snippet()` passages, plus vectors and
 * reciprocal-rank fusion when an embedder is set. Indexing is code: `add`, `update`, `remove`
 * (long texts chunked), `save` to a SQLite file and `load` it again, the embedder's id and
 * dimensions stored in the file and checked. The model's query never reaches FTS5 raw.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { assertPeers } from '../peers/assertPeers';
import { SqliteWorker } from '../sql/sqlite/worker/SqliteWorker';
import type { BatchStep, SqlCell, SqlParam } from '../sql/sqlite/worker/protocol';
import type { WorkerAnswer } from '../sql/sqlite/worker/SqliteWorker';
import { chunkText } from './chunkText';
import type { ChunkOptions } from './chunkText';
import type { Embedder } from './Embedder';
import { checkEmbedder, storedEmbedderOf } from './checkEmbedder';
import type { StoredEmbedder } from './checkEmbedder';
import { cleanQuery } from './cleanQuery';
import { fts5MatchExpression } from './fts5Query';
import { reciprocalRankFusion } from './rrf';
import type { SearchDocument } from './SearchDocument';
import { SearchIndexError } from './SearchIndexError';
import { SearchSourceError } from './SearchSourceError';
import { blobOf, deleteSteps, indexSteps } from './sqliteIndexSteps';
import * as sql from './sqliteSearchSql';
import type { SearchHit, SearchRequest, SearchSource } from './types';

/** Options of `SqliteSearchStore`. */
export interface SqliteSearchStoreOptions {
  /** Turns on hybrid search (bm25 + vectors, fused by rank). */
  embedder?: Embedder;
  /** How long texts are cut into chunks (the in-memory store's `chunkText`). */
  chunking?: ChunkOptions;
  /** Tokens a hit's passage shows around the match (FTS5 `snippet()`, 1–64; default 64); 0 for the whole chunk. */
  snippetTokens?: number;
  /** Milliseconds one search may run (default 5,000). */
  timeoutMs?: number;
  /** Milliseconds one `add`, `update` or `remove` may run (default 600,000). */
  indexTimeoutMs?: number;
}

/** The memory a store's worker holds (bytes). */
export interface SqliteSearchMemory {
  /** The WebAssembly memory's size: SQLite's whole heap, free pages included. */
  wasmHeapBytes: number;
  /** What SQLite's allocator holds. */
  sqliteMemoryUsed: number;
  /** The worker thread's JavaScript heap in use. */
  workerHeapUsed: number;
}

/** Ranks fused from each list at least (more when more results are asked). */
const FUSION_DEPTH = 50;
/** What a trusted read of the store's own asks of the worker. */
const READ = {
  policy: 'trusted' as const,
  single: true,
  keep: true,
  countLimit: 100_000,
  maxCellChars: 1_000_000,
};

/** One row of a search as a hit, keyed by chunk id. */
function hitOf(row: SqlCell[]): { key: string; hit: SearchHit } {
  const [id, documentId, title, url, text, score] = row;
  return {
    key: String(id),
    hit: {
      source: String(url ?? documentId),
      title: String(title),
      text: String(text ?? ''),
      score: Number(score),
    },
  };
}

/**
 * The user's documents in SQLite FTS5 (hybrid with an embedder).
 * @example
 * const store = await SqliteSearchStore.open();
 * await store.add([{ id: 'faq-1', title: 'Refunds', text: 'Refunds take 5 days.' }]);
 * await store.save('docs.sqlite');
 * registry.register(new DocumentSearch(await SqliteSearchStore.load('docs.sqlite')));
 */
export class SqliteSearchStore implements SearchSource {
  private constructor(
    private readonly worker: SqliteWorker,
    private readonly options: SqliteSearchStoreOptions,
  ) {}

  /** An empty index in memory (in the worker), ready for `add`. */
  static async open(options: SqliteSearchStoreOptions = {}): Promise<SqliteSearchStore> {
    const store = await SqliteSearchStore.start(undefined, options);
    await store.write([
      ...sql.SCHEMA.map((statement) => ({ sql: statement, rows: [[]] })),
      {
        sql: sql.PUT_INFO,
        rows: [
          ['format', sql.INDEX_FORMAT],
          ['version', sql.INDEX_VERSION],
          ['embedder', JSON.stringify(storedEmbedderOf(options.embedder))],
        ],
      },
    ]);
    return store;
  }

  /**
   * Loads an index `save` wrote; the embedder must be the one it was built with (id and dimensions).
   * @example
   * const store = await SqliteSearchStore.load('docs.sqlite', { embedder });
   */
  static async load(
    path: string,
    options: SqliteSearchStoreOptions = {},
  ): Promise<SqliteSearchStore> {
    const bytes = new Uint8Array(await readFile(path));
    const store = await SqliteSearchStore.start(bytes, options);
    try {
      const answer = await store.worker.query({
        ...READ,
        sql: sql.GET_INFO,
        maxRows: 100,
        timeoutMs: 10_000,
      });
      const info = new Map(answer.ok ? (answer.result.rows as [string, string][]) : []);
      checkVersion(path, info);
      checkEmbedder(
        path,
        JSON.parse(info.get('embedder') ?? 'null') as StoredEmbedder,
        options.embedder,
      );
      return store;
    } catch (error) {
      await store.close();
      throw error;
    }
  }

  private static async start(
    bytes: Uint8Array | undefined,
    options: SqliteSearchStoreOptions,
  ): Promise<SqliteSearchStore> {
    assertPeers('toolwright/search (SqliteSearchStore)', ['@sqlite.org/sqlite-wasm']);
    const worker = await SqliteWorker.start();
    try {
      await worker.open({ bytes, readOnly: false, vectorFunctions: true });
      const table = await worker.batch({
        steps: [{ sql: sql.CREATE_REPLACED, rows: [[]] }],
        timeoutMs: 10_000,
      });
      if (!table.ok) throw new SearchIndexError(table.failure.message);
    } catch (error) {
      await worker.close();
      throw error;
    }
    return new SqliteSearchStore(worker, options);
  }

  /** How many documents are indexed. */
  async count(): Promise<number> {
    const [row] = await this.read(sql.COUNT_DOCUMENTS, [], 1);
    return Number(row?.[0] ?? 0);
  }

  /** Indexes documents (an id already present is replaced, the last of one id wins), in one transaction. */
  async add(documents: readonly SearchDocument[], signal?: AbortSignal): Promise<void> {
    const unique = [...new Map(documents.map((document) => [document.id, document])).values()];
    const chunked = unique.map((document) => ({
      document,
      parts: chunkText(document.text, this.options.chunking),
    }));
    const embedder = this.options.embedder;
    const vectors = embedder
      ? await embedder.embed(
          chunked.flatMap(({ document, parts }) =>
            parts.map((part) => `${document.title}\n${part}`),
          ),
          { inputType: 'document', signal },
        )
      : [];
    await this.write(indexSteps(chunked, vectors, embedder), signal);
  }

  /** Replaces documents by id. */
  update(documents: readonly SearchDocument[], signal?: AbortSignal): Promise<void> {
    return this.add(documents, signal);
  }

  /** Removes documents by id; returns how many were indexed. */
  async remove(ids: readonly string[]): Promise<number> {
    const before = await this.count();
    await this.write(deleteSteps(ids));
    return before - (await this.count());
  }

  /** The best chunks for a request, one hit per chunk: bm25 (fused with vectors when an embedder is set). */
  async search(request: SearchRequest): Promise<SearchHit[]> {
    const query = cleanQuery(request.query);
    const match = fts5MatchExpression(query);
    const filters = Object.entries(request.filters ?? {}).flat();
    const embedder = this.options.embedder;
    const depth = embedder ? Math.max(FUSION_DEPTH, request.maxResults) : request.maxResults;
    const tokens = Math.min(64, Math.max(0, Math.floor(this.options.snippetTokens ?? 64)));
    const lexical = match
      ? (
          await this.read(
            sql.lexicalSearch(filters.length / 2, tokens === 0),
            [match, tokens, depth, ...filters],
            depth,
            request.signal,
          )
        ).map(hitOf)
      : [];
    if (!embedder) return lexical.slice(0, request.maxResults).map(({ hit }) => hit);
    const [vector] = await embedder.embed([query], {
      inputType: 'query',
      signal: request.signal,
    });
    const semantic = (
      await this.read(
        sql.vectorSearch(filters.length / 2),
        [blobOf(vector), depth, ...filters],
        depth,
        request.signal,
      )
    ).map(hitOf);
    const byKey = new Map([...semantic, ...lexical].map(({ key, hit }) => [key, hit]));
    const order = reciprocalRankFusion([
      lexical.map(({ key }) => key),
      semantic.map(({ key }) => key),
    ]);
    return order.slice(0, request.maxResults).map((key) => byKey.get(key)!);
  }

  /** Writes the index (a SQLite database file: documents, chunks, FTS5 index, vectors, embedder). */
  async save(path: string): Promise<void> {
    await writeFile(path, await this.worker.serialize());
  }

  /** The worker's memory: its wasm heap, SQLite's allocator, its JavaScript heap. */
  memory(): Promise<SqliteSearchMemory> {
    return this.worker.stats();
  }

  /** Stops the worker thread; the store cannot be used after. */
  close(): Promise<void> {
    return this.worker.close();
  }

  private async read(
    statement: string,
    params: readonly SqlParam[],
    maxRows: number,
    signal?: AbortSignal,
  ): Promise<SqlCell[][]> {
    const timeoutMs = this.options.timeoutMs ?? 5_000;
    const answer = await this.worker.query(
      { ...READ, sql: statement, params, maxRows, timeoutMs },
      signal,
    );
    return rowsOf(answer).rows;
  }

  private async write(steps: readonly BatchStep[], signal?: AbortSignal): Promise<void> {
    const timeoutMs = this.options.indexTimeoutMs ?? 600_000;
    const answer = await this.worker.batch({ steps, timeoutMs }, signal);
    if (!answer.ok) {
      throw new SearchIndexError(
        `The search index could not be written: ${answer.failure.message}`,
      );
    }
  }
}

/**
 * Refuses a file that is no index, or an index of another version (an older one kept its FTS
 * index in step with triggers, which this version would double): rebuild it.
 */
function checkVersion(path: string, info: ReadonlyMap<string, string>): void {
  const version = info.get('version');
  if (info.get('format') !== sql.INDEX_FORMAT) {
    throw new SearchIndexError(
      `${path} is not a toolwright search index (version ${sql.INDEX_VERSION}); build it with SqliteSearchStore.open, add and save`,
    );
  }
  if (version !== sql.INDEX_VERSION) {
    throw new SearchIndexError(
      `${path} is a toolwright search index of version ${version ?? 'unknown'}, this version reads version ${sql.INDEX_VERSION}; rebuild it with SqliteSearchStore.open, add and save`,
    );
  }
}

/** A query's rows, or the failure as the `SearchSourceError` the model reads (never "0 results"). */
function rowsOf<T>(answer: WorkerAnswer<T>): T {
  if (answer.ok) return answer.result;
  const { kind } = answer.failure;
  if (kind === 'timeout' || kind === 'aborted') {
    throw new SearchSourceError('The document search took too long and was stopped.', 'timeout');
  }
  throw new SearchSourceError(
    'The document search failed in its engine; try again later.',
    'engine',
  );
}
