/**
 * Every statement of the PostgreSQL search store, built once from a validated table name, text
 * search configuration and vector size. Only those three (checked identifiers and an integer)
 * are written into the SQL; every value (documents, queries, vectors, filters) is a parameter.
 * Apart from the store so that the SQL can be read, reviewed and run as a migration on its own.
 * `title_words` and `body_words` hold a chunk's title and text with the words of Chinese,
 * Japanese, Thai… spaced apart (`spacedWords`), NULL when that changes nothing; the `tsv`
 * column indexes them in place of the originals, which are what a search shows.
 */
import { SearchConfigError } from './SearchConfigError';

/** Lower-case identifiers only: no quoting surprises, no case folding. */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** Room left for the suffixes of the meta table and the indexes within PostgreSQL's 63 bytes. */
const MAX_TABLE_LENGTH = 50;

/** What the statements are built from. */
export interface SearchTableShape {
  /** `table` or `schema.table`, lower-case identifiers. */
  table: string;
  /** The text search configuration (`english`, `simple`, `german`…). */
  textConfig: string;
  /** The vector size when the store has an embedder. */
  dimensions?: number;
}

/** The store's SQL. */
export interface SearchTableSql {
  /** CREATE TABLE and CREATE INDEX statements, each safe to run again. */
  schema: string[];
  /** $1 text_config, $2 embedder_id, $3 dimensions: the meta row, written once. */
  writeMeta: string;
  /** The meta row: text_config, embedder_id, dimensions. */
  readMeta: string;
  /** $1 document ids: deletes their chunks, answers `removed` (documents). */
  remove: string;
  /** $1..$8 (+ $9 vectors) arrays of the chunks' columns. */
  insert: string;
  /** Answers `documents`. */
  count: string;
  /** Reads no row, and fails (42703) on a table made before the `title_words`, `body_words` columns. */
  checkColumns: string;
  /**
   * $1 config, $2 query text, $3 limit, $4 metadata filter (jsonb), then $5 the `ts_headline`
   * options when `snippets`: the best chunks by `ts_rank_cd`, best first. `any` matches any
   * term PostgreSQL's own parser finds in the query text (`to_tsvector`, so `3.14159`,
   * `ada@example.com` and `v1.2.3` are the single terms the index holds); `all` reads it as
   * `websearch_to_tsquery` syntax.
   */
  lexical(snippets: boolean, match: 'any' | 'all'): string;
  /** $1 query vector, $2 limit, $3 metadata filter (jsonb): the nearest chunks by cosine. */
  nearest: string;
}

const quote = (part: string): string => `"${part}"`;

/** Terms of a query `any` searches at most, in the order they appear in it. */
export const MAX_QUERY_TERMS = 32;

/**
 * The `any` query: each lexeme of `to_tsvector($1, $2)` (the first `MAX_QUERY_TERMS`) quoted as
 * a tsquery operand and joined by `|`, cast without a second normalisation; NULL (no match)
 * when the text holds no term.
 */
const ANY_QUERY = `(SELECT string_agg('''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''', ' | ')::tsquery AS q
  FROM (SELECT lexeme FROM unnest(to_tsvector($1::regconfig, $2)) ORDER BY positions[1] LIMIT ${MAX_QUERY_TERMS}) AS terms) AS query`;

/** The parts of `schema.table` or `table`, each checked. */
function tableParts(table: string): string[] {
  const parts = table.split('.');
  const base = parts[parts.length - 1];
  if (parts.length > 2 || !parts.every((part) => IDENTIFIER.test(part))) {
    throw new SearchConfigError(
      `table: "${table}" is not a lower-case identifier (letters, digits, _) or schema.table; name it like "search_chunks"`,
    );
  }
  if (base.length > MAX_TABLE_LENGTH) {
    throw new SearchConfigError(
      `table: "${table}" is longer than ${MAX_TABLE_LENGTH} characters; PostgreSQL cuts names at 63 and the store adds suffixes to it`,
    );
  }
  return parts;
}

/**
 * The statements for one store table.
 * @example
 * searchTableSql({ table: 'kb_chunks', textConfig: 'english', dimensions: 1024 }).schema;
 */
export function searchTableSql(shape: SearchTableShape): SearchTableSql {
  const parts = tableParts(shape.table);
  const base = parts[parts.length - 1];
  const config = shape.textConfig;
  if (!config.split('.').every((part) => IDENTIFIER.test(part)) || config.split('.').length > 2) {
    throw new SearchConfigError(
      `textConfig: "${config}" is not a text search configuration name; use one of SELECT cfgname FROM pg_ts_config, such as "english" or "simple"`,
    );
  }
  const dimensions = shape.dimensions;
  if (dimensions !== undefined && (!Number.isInteger(dimensions) || dimensions < 1)) {
    throw new SearchConfigError(`The embedder's dimensions (${dimensions}) are not a size`);
  }
  const table = parts.map(quote).join('.');
  const meta = [...parts.slice(0, -1), `${base}_meta`].map(quote).join('.');
  const vectors = dimensions !== undefined;
  const literal = `'${config}'::regconfig`;
  const schema = [
    `CREATE TABLE IF NOT EXISTS ${table} (
  document_id text NOT NULL,
  part integer NOT NULL,
  title text NOT NULL,
  url text,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  body text NOT NULL,
  title_words text,
  body_words text,
  tsv tsvector GENERATED ALWAYS AS (setweight(to_tsvector(${literal}, coalesce(title_words, title)), 'A') || setweight(to_tsvector(${literal}, coalesce(body_words, body)), 'B')) STORED,${vectors ? `\n  embedding vector(${dimensions}),` : ''}
  PRIMARY KEY (document_id, part)
)`,
    `CREATE INDEX IF NOT EXISTS ${quote(`${base}_tsv`)} ON ${table} USING gin (tsv)`,
    `CREATE INDEX IF NOT EXISTS ${quote(`${base}_metadata`)} ON ${table} USING gin (metadata jsonb_path_ops)`,
    ...(vectors
      ? [
          `CREATE INDEX IF NOT EXISTS ${quote(`${base}_embedding`)} ON ${table} USING hnsw (embedding vector_cosine_ops)`,
        ]
      : []),
    `CREATE TABLE IF NOT EXISTS ${meta} (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  text_config text NOT NULL,
  embedder_id text,
  dimensions integer
)`,
  ];
  const columns = ['d', 'p', 't', 'u', 'm', 'b', 'tw', 'bw', ...(vectors ? ['e'] : [])];
  const types = ['text', 'int', 'text', 'text', 'text', 'text', 'text', 'text', 'text'];
  return {
    schema,
    writeMeta: `INSERT INTO ${meta} (text_config, embedder_id, dimensions) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`,
    readMeta: `SELECT text_config, embedder_id, dimensions FROM ${meta}`,
    remove: `WITH gone AS (DELETE FROM ${table} WHERE document_id = ANY($1::text[]) RETURNING document_id)
SELECT count(DISTINCT document_id)::int AS removed FROM gone`,
    insert: `INSERT INTO ${table} (document_id, part, title, url, metadata, body, title_words, body_words${vectors ? ', embedding' : ''})
SELECT d, p, t, u, m::jsonb, b, tw, bw${vectors ? ', e::vector' : ''}
FROM unnest(${columns.map((_, at) => `$${at + 1}::${types[at]}[]`).join(', ')}) AS x(${columns.join(', ')})`,
    count: `SELECT count(DISTINCT document_id)::int AS documents FROM ${table}`,
    checkColumns: `SELECT title_words, body_words FROM ${table} LIMIT 0`,
    lexical: (snippets, match) => `SELECT document_id, part, title, url, ${
      snippets
        ? 'CASE WHEN body_words IS NULL THEN ts_headline($1::regconfig, body, q, $5) ELSE body END'
        : 'body'
    } AS text
FROM (
  SELECT document_id, part, title, url, body, body_words, q, ts_rank_cd(tsv, q) AS rank
  FROM ${table}, ${match === 'any' ? ANY_QUERY : 'websearch_to_tsquery($1::regconfig, $2) AS q'}
  WHERE tsv @@ q AND metadata @> $4::jsonb
  ORDER BY rank DESC, document_id, part
  LIMIT $3
) AS best
ORDER BY rank DESC, document_id, part`,
    nearest: `SELECT document_id, part, title, url, body AS text
FROM ${table}
WHERE embedding IS NOT NULL AND metadata @> $3::jsonb
ORDER BY embedding <=> $1::vector
LIMIT $2`,
  };
}
