/**
 * The store of the user's documents for production: PostgreSQL full text search (a generated
 * `tsvector` column with a GIN index, `websearch_to_tsquery`, `ts_rank_cd`, `ts_headline`) and,
 * with an embedder, pgvector (`vector` column, HNSW index, `<=>` cosine) fused with it by
 * reciprocal-rank fusion. The indexing API is the in-memory store's; the SQL is in
 * `postgresSearchSql.ts`, and the model's text only ever reaches it as a parameter.
 */
import { cutAtCodePoint } from '../text/cutAtCodePoint';
import { chunkText } from './chunkText';
import { cleanQuery } from './cleanQuery';
import type { ChunkOptions } from './chunkText';
import type { Embedder } from './Embedder';
import { openSearchTable } from './openSearchTable';
import { sqlStateOf } from './PgPoolLike';
import type { PgPoolLike, PgQueryable } from './PgPoolLike';
import { EmbedderMismatchError } from './EmbedderMismatchError';
import { searchTableSql } from './postgresSearchSql';
import type { SearchTableSql } from './postgresSearchSql';
import { reciprocalRankFusion } from './rrf';
import type { SearchDocument } from './SearchDocument';
import { SearchSourceError } from './SearchSourceError';
import { spacedWords, spacedWordsOrNull } from './spacedWords';
import type { SearchHit, SearchRequest, SearchSource } from './types';

/** Options of `PostgresSearchStore`. */
export interface PostgresSearchStoreOptions {
  /** The chunks' table, `name` or `schema.name` in lower case (default `toolwright_search`). */
  table?: string;
  /** Turns on hybrid search: a `vector` column with an HNSW index (needs pgvector). */
  embedder?: Embedder;
  /** How long texts are cut into chunks (as the in-memory store). */
  chunking?: ChunkOptions;
  /** The text search configuration: `english` (default), `simple`, `german`… */
  textConfig?: string;
  /**
   * `any` (default): a chunk matches with any of the query's words, more words rank higher, as
   * the model asks in sentences. `all`: the query goes to `websearch_to_tsquery` as written
   * (every word, `"phrases"`, `-excluded`, `or`).
   */
  match?: 'any' | 'all';
  /**
   * Show `ts_headline` passages around the matched words (default) or, with `false`, the whole
   * chunk. `ts_headline` drops HTML/XML tags from what it shows; turn it off to keep markup.
   */
  snippets?: boolean;
  /** Create the table, indexes and meta table when missing (default true). */
  createSchema?: boolean;
}

/**
 * Words of an `all` query kept, at most: `ts_rank_cd` and `ts_headline` cost grows with the
 * query's words times the chunks matched, and a 10,000-character query must not hold the
 * server (`any` keeps `MAX_QUERY_TERMS` of PostgreSQL's own terms, in the SQL).
 */
const MAX_QUERY_WORDS = 32;
/** Characters of a query kept in `all` mode (a long word without spaces). */
const MAX_QUERY_CHARS = 1000;
/** Chunks written per INSERT. */
const INSERT_BATCH = 500;
/** The `ts_headline` options: passages without highlight marks, joined by an ellipsis. */
const HEADLINE =
  'StartSel="", StopSel="", MaxWords=60, MinWords=20, MaxFragments=3, FragmentDelimiter=" … "';

interface ChunkRow {
  document_id: string;
  part: number;
  title: string;
  url: string | null;
  text: string;
}

const keyOf = (row: ChunkRow): string => `${row.document_id}\u0000${row.part}`;
const vectorText = (vector: readonly number[]): string => `[${vector.join(',')}]`;

/**
 * A database failure during a search, as the model reads it: the SQLSTATE at most, never the
 * server's message (which may name hosts, roles or tables); the original is the `cause`.
 */
function storeFailure(error: unknown): SearchSourceError {
  const code = sqlStateOf(error);
  const failure =
    code === '57014'
      ? new SearchSourceError(
          'The document store took too long to answer (PostgreSQL statement timeout); try fewer words.',
          'timeout',
        )
      : new SearchSourceError(
          `The document store (PostgreSQL) failed${code ? ` (SQLSTATE ${code})` : ''}; try again later.`,
          'engine',
        );
  failure.cause = error;
  return failure;
}

/**
 * The query text the SQL reads, cleaned (`cleanQuery`) and with the words of unspaced scripts
 * spaced as the index holds them: for `any`, whole (PostgreSQL's parser takes its terms, never
 * its syntax); for `all`, its first words as written, for `websearch_to_tsquery`.
 */
function queryText(query: string, match: 'any' | 'all'): string {
  const text = spacedWords(cleanQuery(query)).trim();
  if (match === 'any') return text;
  const words = text.split(/\s+/).slice(0, MAX_QUERY_WORDS).join(' ');
  return cutAtCodePoint(words, MAX_QUERY_CHARS);
}

/**
 * Documents searched in PostgreSQL (full text; hybrid with pgvector when an embedder is set).
 * @example
 * const store = await PostgresSearchStore.open(new Pool({ connectionString }), { table: 'kb' });
 * await store.add([{ id: 'faq-1', title: 'Refunds', text: 'Refunds take 5 days.' }]);
 * registry.register(new DocumentSearch(store));
 */
export class PostgresSearchStore implements SearchSource {
  private constructor(
    private readonly pool: PgPoolLike,
    private readonly sql: SearchTableSql,
    private readonly textConfig: string,
    private readonly options: PostgresSearchStoreOptions,
  ) {}

  /**
   * The CREATE statements of a store's table, indexes and meta table, for a migration run by
   * the table's owner (then open the store with `createSchema: false`).
   */
  static schemaSql(options: PostgresSearchStoreOptions = {}): string[] {
    return PostgresSearchStore.sqlOf(options).schema;
  }

  /**
   * Opens the store: checks the text search configuration and pgvector, creates the schema
   * unless `createSchema: false`, and refuses an embedder other than the one it was built with.
   */
  static async open(
    pool: PgPoolLike,
    options: PostgresSearchStoreOptions = {},
  ): Promise<PostgresSearchStore> {
    const textConfig = options.textConfig ?? 'english';
    const sql = await openSearchTable(pool, {
      table: options.table ?? 'toolwright_search',
      textConfig,
      embedder: options.embedder,
      createSchema: options.createSchema !== false,
    });
    return new PostgresSearchStore(pool, sql, textConfig, options);
  }

  private static sqlOf(options: PostgresSearchStoreOptions): SearchTableSql {
    return searchTableSql({
      table: options.table ?? 'toolwright_search',
      textConfig: options.textConfig ?? 'english',
      dimensions: options.embedder?.dimensions,
    });
  }

  /** How many documents are indexed. */
  async count(): Promise<number> {
    const { rows } = await this.pool.query(this.sql.count);
    return (rows[0] as { documents: number }).documents;
  }

  /** Indexes documents (an id already present is replaced), in one transaction. */
  async add(documents: readonly SearchDocument[], signal?: AbortSignal): Promise<void> {
    const byId = new Map(documents.map((document) => [document.id, document]));
    const prepared = [...byId.values()].map((document) => ({
      document,
      parts: chunkText(document.text, this.options.chunking),
    }));
    const embedder = this.options.embedder;
    const texts = prepared.flatMap(({ document, parts }) =>
      parts.map((part) => `${document.title}\n${part}`),
    );
    const vectors = embedder ? await embedder.embed(texts, { inputType: 'document', signal }) : [];
    const rows = prepared.flatMap(({ document, parts }) =>
      parts.map((text, part) => ({ document, part, text })),
    );
    const columns = rows.map(({ document, part, text }, at) => {
      const vector = vectors[at];
      if (embedder && vector?.length !== embedder.dimensions) {
        throw new EmbedderMismatchError(
          `The embedder answered ${vector?.length ?? 'no'} dimensions for "${document.id}", not ${embedder.dimensions}`,
        );
      }
      const base = [
        document.id,
        part,
        document.title,
        document.url ?? null,
        JSON.stringify(document.metadata ?? {}),
        text,
        spacedWordsOrNull(document.title),
        spacedWordsOrNull(text),
      ];
      return embedder ? [...base, vectorText(vector)] : base;
    });
    signal?.throwIfAborted();
    await this.transaction(async (client) => {
      await client.query(this.sql.remove, [[...byId.keys()]]);
      for (let at = 0; at < columns.length; at += INSERT_BATCH) {
        const batch = columns.slice(at, at + INSERT_BATCH);
        await client.query(
          this.sql.insert,
          batch[0].map((_, column) => batch.map((row) => row[column])),
        );
      }
    });
  }

  /** Replaces documents by id. */
  update(documents: readonly SearchDocument[], signal?: AbortSignal): Promise<void> {
    return this.add(documents, signal);
  }

  /** Removes documents by id; returns how many were indexed. */
  async remove(ids: readonly string[]): Promise<number> {
    const { rows } = await this.pool.query(this.sql.remove, [[...ids]]);
    return (rows[0] as { removed: number }).removed;
  }

  /** The best chunks for a request, one hit per chunk. */
  async search(request: SearchRequest): Promise<SearchHit[]> {
    request.signal?.throwIfAborted();
    const embedder = this.options.embedder;
    const filter = JSON.stringify(request.filters ?? {});
    const limit = embedder ? Math.max(20, request.maxResults * 4) : request.maxResults;
    const match = this.options.match ?? 'any';
    const text = queryText(request.query, match);
    const snippets = this.options.snippets !== false;
    const lexical = text
      ? ((
          await this.searchQuery(this.sql.lexical(snippets, match), [
            this.textConfig,
            text,
            limit,
            filter,
            ...(snippets ? [HEADLINE] : []),
          ])
        ).rows as ChunkRow[])
      : [];
    if (snippets) for (const row of lexical) row.text = row.text.replace(/\s+/g, ' ').trim();
    if (!embedder) return lexical.slice(0, request.maxResults).map(hitOf);
    const [vector] = await embedder.embed([cleanQuery(request.query)], {
      inputType: 'query',
      signal: request.signal,
    });
    if (vector?.length !== embedder.dimensions) {
      throw new EmbedderMismatchError(
        `The embedder answered ${vector?.length ?? 'no'} dimensions for the query, not ${embedder.dimensions}`,
      );
    }
    const nearest = (await this.searchQuery(this.sql.nearest, [vectorText(vector), limit, filter]))
      .rows as ChunkRow[];
    const byKey = new Map([...nearest, ...lexical].map((row) => [keyOf(row), row]));
    return reciprocalRankFusion([lexical.map(keyOf), nearest.map(keyOf)])
      .slice(0, request.maxResults)
      .map((key) => hitOf(byKey.get(key)!));
  }

  /** A search's statement; a failure becomes a `SearchSourceError` the model may read. */
  private searchQuery(text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
    return this.pool.query(text, values).catch((error: unknown) => {
      throw storeFailure(error);
    });
  }

  private async transaction(body: (client: PgQueryable) => Promise<void>): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await body(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

const hitOf = (row: ChunkRow): SearchHit => ({
  source: row.url ?? row.document_id,
  title: row.title,
  text: row.text,
});
