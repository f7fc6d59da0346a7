/**
 * What `SqliteSearchStore.add` sends the worker, built apart from the store as a pure function:
 * documents, their metadata and chunks as JSON arrays of rows (one bound value per statement,
 * cut in pieces of a few megabytes), vectors one row each, in one batch: delete the ids, insert
 * documents, metadata, chunks, vectors, then feed the FTS index the new chunks in bulk. Vectors
 * are checked against the embedder's dimensions.
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

/** UTF-16 units of JSON in one piece, about (the row past it ends the piece). */
const PIECE_UNITS = 500_000;

/** A vector as a float32 blob (the form `vector_cosine` reads). */
export const blobOf = (vector: readonly number[]): Uint8Array =>
  new Uint8Array(Float32Array.from(vector).buffer);

/**
 * `text` as the worker's binding stores it: a lone surrogate as one U+FFFD (SQLite's JSON
 * reader would make it three bytes of an invalid character). `String.prototype.toWellFormed`
 * is in Node 20 on, not in the ES2023 lib the project compiles against.
 */
const wellFormed = (text: string): string =>
  (text as string & { toWellFormed(): string }).toWellFormed();

/** Rows of text and numbers as the parameter rows of a JSON step: one JSON array per piece. */
class JsonRows {
  private readonly pieces: string[] = [];
  private piece: string[] = [];
  private units = 0;

  push(row: readonly (string | number | null)[]): void {
    const json = JSON.stringify(row);
    this.piece.push(json);
    this.units += json.length;
    if (this.units >= PIECE_UNITS) this.cut();
  }

  /** One row of parameters per piece (none when no row was pushed). */
  params(): SqlParam[][] {
    this.cut();
    return this.pieces.map((piece) => [piece]);
  }

  private cut(): void {
    if (this.piece.length) this.pieces.push(`[${this.piece.join(',')}]`);
    this.piece = [];
    this.units = 0;
  }
}

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
  const docRows = new JsonRows();
  const metaRows = new JsonRows();
  const chunkRows = new JsonRows();
  const vectorRows: SqlParam[][] = [];
  let at = 0;
  for (const { document, parts } of chunked) {
    const id = wellFormed(document.id);
    const title = wellFormed(document.title);
    const { url, metadata } = document;
    const titleWords = spacedWordsOrNull(title);
    const metadataJson = metadata ? wellFormed(JSON.stringify(metadata)) : null;
    const storedUrl = url ?? null;
    docRows.push([id, title, storedUrl === null ? null : wellFormed(storedUrl), metadataJson]);
    for (const [key, value] of Object.entries(metadata ?? {})) {
      metaRows.push([id, wellFormed(key), wellFormed(String(value))]);
    }
    parts.forEach((part, index) => {
      const text = wellFormed(part);
      chunkRows.push([id, index, title, text, titleWords, spacedWordsOrNull(text)]);
      if (!embedder) return;
      const vector = vectors[at++];
      if (vector?.length !== embedder.dimensions) {
        throw new EmbedderMismatchError(
          `The embedder answered ${vector?.length ?? 0} dimensions for "${id}", not ${embedder.dimensions}`,
        );
      }
      vectorRows.push([id, index, blobOf(vector)]);
    });
  }
  return [
    ...deleteSteps(chunked.map(({ document }) => document.id)),
    { sql: sql.INSERT_DOCUMENTS, rows: docRows.params() },
    { sql: sql.INSERT_METADATA, rows: metaRows.params() },
    { sql: sql.INSERT_CHUNKS, rows: chunkRows.params() },
    { sql: sql.INSERT_VECTOR, rows: vectorRows },
    { sql: sql.INDEX_NEW_CHUNKS, rows: [[]] },
  ];
}

/**
 * The batch removing documents by id (their FTS entries, vectors, chunks, metadata): the ids
 * bound once, as a JSON array, to the step noting which are indexed.
 * @example
 * await worker.batch({ steps: deleteSteps(['faq-1', 'faq-2']), timeoutMs });
 */
export function deleteSteps(ids: readonly string[]): BatchStep[] {
  const [noteReplaced, ...deletes] = sql.DELETE_DOCUMENTS;
  return [
    { sql: noteReplaced!, rows: [[JSON.stringify(ids.map(wellFormed))]] },
    ...deletes.map((statement) => ({ sql: statement, rows: [[]] })),
  ];
}
