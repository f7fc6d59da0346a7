/**
 * What turns texts into vectors for the stores' semantic search. An embedder has an `id` (model
 * and provider) and `dimensions`, which the stores keep with their index and compare on load:
 * vectors of two models are not comparable, so a mismatch is refused.
 */

/** What the vectors are for: some models embed queries and documents differently. */
export type EmbedInputType = 'query' | 'document';

/** Options of one `embed` call. */
export interface EmbedOptions {
  /** Whether the texts are a query or documents to index. */
  inputType: EmbedInputType;
  /** Cancels the call (the requests it sends). */
  signal?: AbortSignal;
}

/** Texts to vectors. */
export interface Embedder {
  /** The model, such as `voyage:voyage-3.5` or `hashing-v1`; stored with the index. */
  readonly id: string;
  /** The length of every vector. */
  readonly dimensions: number;
  /** One vector per text, in the order of `texts`. */
  embed(texts: readonly string[], options: EmbedOptions): Promise<number[][]>;
}
