/**
 * A deterministic embedder for tests and offline use: each term is hashed into one of
 * `dimensions` buckets (feature hashing) and the vector is normalised. It is LEXICAL, not
 * semantic: texts are close when they share words, never because they mean the same thing.
 */
import type { EmbedOptions, Embedder } from './Embedder';
import { tokenize } from './tokenize';

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Word-hashing vectors (lexical, not semantic): for tests and offline use only.
 * @example
 * const store = new MemorySearchStore({ embedder: new HashingEmbedder(256) });
 */
export class HashingEmbedder implements Embedder {
  /** `hashing-v1`, stored with an index so vectors of another embedder are refused. */
  readonly id: string;

  constructor(
    /** The length of every vector (default 256). */
    readonly dimensions = 256,
  ) {
    this.id = `hashing-v1`;
  }

  /** One normalised vector per text, in order; the options are not used. */
  embed(texts: readonly string[], _options?: EmbedOptions): Promise<number[][]> {
    return Promise.resolve(
      texts.map((text) => {
        const vector = new Array<number>(this.dimensions).fill(0);
        for (const term of tokenize(text)) {
          const h = hash(term);
          vector[h % this.dimensions] += h & 0x80000000 ? -1 : 1;
        }
        const norm = Math.hypot(...vector) || 1;
        return vector.map((value) => value / norm);
      }),
    );
  }
}
