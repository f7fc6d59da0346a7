/**
 * A document the application indexes (code, not a tool): its id, title, text, an optional URL
 * the model cites instead of the id, and metadata for exact-match filters.
 */

/** One document to index. */
export interface SearchDocument {
  /** Stable id; `update` and `remove` name it. */
  id: string;
  /** Shown with every hit, and searched with the text. */
  title: string;
  /** The content, cut into chunks when indexed. */
  text: string;
  /** Cited instead of `id` when set (a public URL). */
  url?: string;
  /** Exact-match filter values (`{ lang: 'en' }`). */
  metadata?: Record<string, string>;
}

/** The text a chunk of a document holds (the stores' own record; not exported from the entry). */
export interface StoredChunk {
  documentId: string;
  /** Which chunk of the document, from 0. */
  part: number;
  text: string;
}
