/**
 * What `SqliteSearchStore.add` sends the worker, built apart from the store as a pure function:
 * documents, their chunks and vectors as the rows of one batch (delete the ids, then insert
 * documents, metadata, chunks, vectors, then feed the FTS index the new chunks in bulk),
 * vectors checked against the embedder's dimensions.
 */
import type { BatchStep, SqlParam } from '../sql/sqlite/worker/protocol';
import type { Embedder } from './Embedder';
import { EmbedderMismatchError } from './EmbedderMismatchError';
import type { SearchDocument } from './SearchDocument';
import { spacedWordsOrNull } from './spacedWords';
import * as sql from './sqliteSearchSql';

/** A document and the chunks its text was cut into. */
export interface ChunkedDocument {
  document: SearchDocument;
  parts: string[];
}

/** A vector as a float32 blob (the form `vector_cosine` reads). */
export const blobOf = (vector: readonly number[]): Uint8Array =>
  new Uint8Array(Float32Array.from(vector).buffer);

/**
 * The batch indexing `chunked` (ids already present replaced); `vectors` in chunk order.
 * @example
 * await worker.batch({ steps: indexSteps(chunked, vectors, embedder), timeoutMs });
 */
export function indexSteps(
  chunked: readonly ChunkedDocument[],
  vectors: readonly number[][],
  embedder?: Embedder,
): BatchStep[] {
  const docRows: SqlParam[][] = [];
  const metaRows: SqlParam[][] = [];
  const chunkRows: SqlParam[][] = [];
  const vectorRows: SqlParam[][] = [];
  let at = 0;
  for (const { document, parts } of chunked) {
    const { id, title, url, metadata } = document;
    const titleWords = spacedWordsOrNull(title);
    docRows.push([id, title, url ?? null, metadata ? JSON.stringify(metadata) : null]);
    for (const [key, value] of Object.entries(metadata ?? {})) metaRows.push([id, key, value]);
    parts.forEach((text, part) => {
      chunkRows.push([id, part, title, text, titleWords, spacedWordsOrNull(text)]);
      if (!embedder) return;
      const vector = vectors[at++];
      if (vector?.length !== embedder.dimensions) {
        throw new EmbedderMismatchError(
          `The embedder answered ${vector?.length ?? 0} dimensions for "${id}", not ${embedder.dimensions}`,
        );
      }
      vectorRows.push([id, part, blobOf(vector)]);
    });
  }
  return [
    ...deleteSteps(chunked.map(({ document }) => document.id)),
    { sql: sql.INSERT_DOCUMENT, rows: docRows },
    { sql: sql.INSERT_METADATA, rows: metaRows },
    { sql: sql.INSERT_CHUNK, rows: chunkRows },
    { sql: sql.INSERT_VECTOR, rows: vectorRows },
    { sql: sql.INDEX_NEW_CHUNKS, rows: [[]] },
  ];
}

/**
 * The batch removing documents by id (their FTS entries, vectors, chunks, metadata), each step
 * one statement for all the ids.
 * @example
 * await worker.batch({ steps: deleteSteps(['faq-1', 'faq-2']), timeoutMs });
 */
export function deleteSteps(ids: readonly string[]): BatchStep[] {
  const rows = [[JSON.stringify(ids)]];
  return sql.DELETE_DOCUMENTS.map((statement) => ({ sql: statement, rows }));
}
