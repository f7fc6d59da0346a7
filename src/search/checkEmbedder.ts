/**
 * The one rule every store applies when it loads an index: the embedder given must be the one the
 * index was built with (id and dimensions), none when it has no vectors. Vectors of two models
 * are not comparable, so a mismatch is refused, never searched.
 */
import type { Embedder } from './Embedder';
import { EmbedderMismatchError } from './EmbedderMismatchError';

/** The embedder an index was built with, as stores keep it (null: no vectors). */
export type StoredEmbedder = { id: string; dimensions: number } | null;

/** The stored form of an embedder. */
export const storedEmbedderOf = (embedder?: Embedder): StoredEmbedder =>
  embedder ? { id: embedder.id, dimensions: embedder.dimensions } : null;

/**
 * Throws `EmbedderMismatchError` unless `embedder` matches what the index at `path` stored.
 * @example
 * checkEmbedder('index.json', saved.embedder, options.embedder);
 */
export function checkEmbedder(path: string, stored: StoredEmbedder, embedder?: Embedder): void {
  if (
    stored &&
    (!embedder || embedder.id !== stored.id || embedder.dimensions !== stored.dimensions)
  ) {
    throw new EmbedderMismatchError(
      `${path} was indexed with embedder ${stored.id} (${stored.dimensions} dimensions), not ${embedder ? `${embedder.id} (${embedder.dimensions})` : 'none'}; load it with the same embedder or index again`,
    );
  }
  if (!stored && embedder) {
    throw new EmbedderMismatchError(
      `${path} has no vectors; load it without an embedder or index again with ${embedder.id}`,
    );
  }
}
