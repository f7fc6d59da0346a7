/**
 * The SQL of the SQLite search store, in one place: the schema (documents, their metadata for
 * filters, chunks with an external-content FTS5 index, vectors apart so a vector scan never
 * reads text) and the statements that index and search it. No trigger keeps the FTS index in
 * step: a batch removes the FTS entries of the documents it replaces, inserts its rows, then
 * feeds the index its new chunks in one `INSERT … SELECT` (a trigger's one INSERT per chunk made
 * FTS5 flush its pending terms at every statement's savepoint: 2–3× slower). Documents, metadata
 * and chunks arrive as JSON arrays of rows, one bound value per statement read by `json_each`
 * (binding each value apart cost more than SQLite's work on them). Every value is bound; the
 * only text spliced is the number of filter clauses. A chunk's
 * `title_words` and `text_words` hold its title and text with the words of Chinese, Japanese,
 * Thai… spaced apart (`spacedWords`), NULL when that changes nothing: the index reads them
 * through the view `chunks_fts_source`, and the search shows the original text.
 */

/** The `format` the store writes into `toolwright_index` and checks on load. */
export const INDEX_FORMAT = 'toolwright-search-sqlite';
/** The schema's version: 3 since the FTS index is fed in bulk (version 2 had triggers). */
export const INDEX_VERSION = '3';

/** Creates the schema of an empty index. */
export const SCHEMA: readonly string[] = [
  'CREATE TABLE toolwright_index (key TEXT PRIMARY KEY, value TEXT NOT NULL)',
  'CREATE TABLE documents (id TEXT PRIMARY KEY, title TEXT NOT NULL, url TEXT, metadata TEXT)',
  'CREATE TABLE document_metadata (document_id TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, ' +
    'PRIMARY KEY (document_id, key)) WITHOUT ROWID',
  'CREATE TABLE chunks (id INTEGER PRIMARY KEY, document_id TEXT NOT NULL, part INTEGER NOT NULL, ' +
    'title TEXT NOT NULL, text TEXT NOT NULL, title_words TEXT, text_words TEXT, UNIQUE (document_id, part))',
  // What the FTS index reads of each chunk: the spaced words where a chunk has them.
  'CREATE VIEW chunks_fts_source AS SELECT id, coalesce(title_words, title) AS title, ' +
    'coalesce(text_words, text) AS text FROM chunks',
  'CREATE TABLE vectors (chunk_id INTEGER PRIMARY KEY, vector BLOB NOT NULL)',
  "CREATE VIRTUAL TABLE chunks_fts USING fts5(title, text, content='chunks_fts_source', content_rowid='id', " +
    "tokenize='unicode61 remove_diacritics 2')",
];

/** Writes one `toolwright_index` entry (format, version, embedder). */
export const PUT_INFO = 'INSERT OR REPLACE INTO toolwright_index (key, value) VALUES (?1, ?2)';
/** Reads the `toolwright_index` entries. */
export const GET_INFO = 'SELECT key, value FROM toolwright_index';

/**
 * The connection's own table of the documents a batch replaces (a TEMP table: never saved),
 * created once when the store opens: the deletes read it instead of each parsing the ids again.
 */
export const CREATE_REPLACED =
  'CREATE TEMP TABLE IF NOT EXISTS replaced_documents (id TEXT PRIMARY KEY) WITHOUT ROWID';

/** The chunk ids of the documents being replaced. */
const REPLACED_CHUNKS =
  'SELECT id FROM chunks WHERE document_id IN (SELECT id FROM temp.replaced_documents)';

/**
 * Removes the documents whose ids ?1 lists (a JSON array): the ones indexed are noted once in
 * `replaced_documents`, then each step is one statement for all of them: their FTS entries
 * first (the index reads the rows it removes), vectors, chunks, metadata, the documents.
 */
export const DELETE_DOCUMENTS: readonly string[] = [
  'INSERT INTO temp.replaced_documents (id) SELECT id FROM documents ' +
    'WHERE id IN (SELECT value FROM json_each(?1))',
  "INSERT INTO chunks_fts (chunks_fts, rowid, title, text) SELECT 'delete', id, title, text " +
    `FROM chunks_fts_source WHERE id IN (${REPLACED_CHUNKS})`,
  `DELETE FROM vectors WHERE chunk_id IN (${REPLACED_CHUNKS})`,
  'DELETE FROM chunks WHERE document_id IN (SELECT id FROM temp.replaced_documents)',
  'DELETE FROM document_metadata WHERE document_id IN (SELECT id FROM temp.replaced_documents)',
  'DELETE FROM documents WHERE id IN (SELECT id FROM temp.replaced_documents)',
  'DELETE FROM temp.replaced_documents',
];
/**
 * Feeds the FTS index every chunk it does not hold yet, in one statement: the chunks past the
 * highest rowid indexed (`chunks_fts_docsize` holds a row per indexed chunk). A batch deletes
 * before it inserts, so its new chunks' ids are all past every indexed one.
 */
export const INDEX_NEW_CHUNKS =
  'INSERT INTO chunks_fts (rowid, title, text) SELECT id, title, text FROM chunks_fts_source ' +
  'WHERE id > coalesce((SELECT max(id) FROM chunks_fts_docsize), 0) ORDER BY id';
/** Inserts the documents of ?1, a JSON array of [id, title, url, metadata as JSON text]. */
export const INSERT_DOCUMENTS =
  'INSERT INTO documents (id, title, url, metadata) ' +
  'SELECT value->>0, value->>1, value->>2, value->>3 FROM json_each(?1)';
/** Inserts the metadata of ?1, a JSON array of [document id, key, value]. */
export const INSERT_METADATA =
  'INSERT INTO document_metadata (document_id, key, value) ' +
  'SELECT value->>0, value->>1, value->>2 FROM json_each(?1)';
/** Inserts the chunks of ?1, a JSON array of [document id, part, title, text, title_words, text_words]. */
export const INSERT_CHUNKS =
  'INSERT INTO chunks (document_id, part, title, text, title_words, text_words) ' +
  'SELECT value->>0, value->>1, value->>2, value->>3, value->>4, value->>5 FROM json_each(?1)';
export const INSERT_VECTOR =
  'INSERT INTO vectors (chunk_id, vector) SELECT id, ?3 FROM chunks WHERE document_id = ?1 AND part = ?2';
export const COUNT_DOCUMENTS = 'SELECT count(*) FROM documents';

/** `AND` clauses for `count` exact-match filters, bound from parameter `first` on (key, value). */
function filterClauses(count: number, first: number): string {
  let sql = '';
  for (let i = 0; i < count; i++) {
    const key = first + i * 2;
    sql += ` AND EXISTS (SELECT 1 FROM document_metadata m WHERE m.document_id = c.document_id AND m.key = ?${key} AND m.value = ?${key + 1})`;
  }
  return sql;
}

/**
 * The lexical search: ?1 the MATCH expression, ?2 the snippet's tokens, ?3 the limit, then the
 * filters' keys and values. Columns: chunk id, document id, title, url, passage, bm25 score
 * (`rank`, which FTS5 computed for the order already: calling `bm25()` again costs a second pass).
 * With `snippetTokens` 0 the passage is the whole chunk, as it is for a chunk with spaced words
 * (whose `snippet()` would show the added spaces).
 */
export function lexicalSearch(filters: number, wholeChunk: boolean): string {
  const passage = wholeChunk
    ? 'c.text'
    : "CASE WHEN c.text_words IS NULL THEN snippet(chunks_fts, 1, '', '', '…', ?2) ELSE c.text END";
  return (
    `SELECT c.id, c.document_id, c.title, d.url, ${passage}, -chunks_fts.rank ` +
    'FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid JOIN documents d ON d.id = c.document_id ' +
    `WHERE chunks_fts MATCH ?1${filterClauses(filters, 4)} ` +
    'ORDER BY chunks_fts.rank LIMIT ?3'
  );
}

/**
 * The vector search: ?1 the query vector (float32 blob), ?2 the limit, then the filters.
 * Columns: chunk id, document id, title, url, the chunk's text, cosine.
 */
export function vectorSearch(filters: number): string {
  return (
    'WITH s AS MATERIALIZED (SELECT chunk_id, vector_cosine(vector, ?1) AS score FROM vectors) ' +
    'SELECT c.id, c.document_id, c.title, d.url, c.text, s.score FROM s ' +
    'JOIN chunks c ON c.id = s.chunk_id JOIN documents d ON d.id = c.document_id ' +
    `WHERE s.score > 0${filterClauses(filters, 3)} ORDER BY s.score DESC LIMIT ?2`
  );
}
