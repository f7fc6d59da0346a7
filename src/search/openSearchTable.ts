/**
 * Opening the PostgreSQL search store's table: the text search configuration and pgvector
 * checked, the schema created when asked, and the meta row (configuration, embedder id and
 * dimensions) written once and compared on every later open, before any DDL that would fail on
 * a table of another shape. The open phase, apart from indexing and searching.
 */
import type { Embedder } from './Embedder';
import { EmbedderMismatchError } from './EmbedderMismatchError';
import { sqlStateOf } from './PgPoolLike';
import type { PgPoolLike } from './PgPoolLike';
import { searchTableSql } from './postgresSearchSql';
import type { SearchTableSql } from './postgresSearchSql';
import { SearchConfigError } from './SearchConfigError';

/** What a store table is opened with. */
export interface SearchTableOptions {
  table: string;
  textConfig: string;
  embedder?: Embedder;
  /** Run the CREATE statements (each IF NOT EXISTS). */
  createSchema: boolean;
}

interface MetaRow {
  text_config: string;
  embedder_id: string | null;
  dimensions: number | null;
}

/** Refuses a table built with another configuration or embedder. */
function checkMeta(
  table: string,
  textConfig: string,
  embedder: Embedder | undefined,
  meta: MetaRow,
): void {
  if (meta.text_config !== textConfig) {
    throw new SearchConfigError(
      `${table} was indexed with text search configuration "${meta.text_config}", not "${textConfig}"; open it with textConfig: '${meta.text_config}' or drop it and index again`,
    );
  }
  const stored = meta.embedder_id;
  if (stored && (!embedder || embedder.id !== stored || embedder.dimensions !== meta.dimensions)) {
    throw new EmbedderMismatchError(
      `${table} was indexed with embedder ${stored} (${meta.dimensions} dimensions), not ${embedder ? `${embedder.id} (${embedder.dimensions})` : 'none'}; open it with the same embedder or drop it and index again`,
    );
  }
  if (!stored && embedder) {
    throw new EmbedderMismatchError(
      `${table} has no vectors; open it without an embedder or drop it and index again with ${embedder.id}`,
    );
  }
}

/** Refuses a table made before the spaced-words columns, whose inserts and searches would fail. */
async function checkColumns(pool: PgPoolLike, table: string, sql: SearchTableSql): Promise<void> {
  try {
    await pool.query(sql.checkColumns);
  } catch (error) {
    // A missing table (42P01) is created next, with the columns.
    if (sqlStateOf(error) === '42P01') return;
    if (sqlStateOf(error) !== '42703') throw error;
    throw new SearchConfigError(
      `${table} was created by an earlier toolwright, without the title_words and body_words columns (Chinese, Japanese and Thai words split for the index); drop it and index again`,
    );
  }
}

/**
 * The table's SQL, once the table is there and matches `shape`.
 * @example
 * const sql = await openSearchTable(pool, { table: 'kb', textConfig: 'english', createSchema: true });
 */
export async function openSearchTable(
  pool: PgPoolLike,
  shape: SearchTableOptions,
): Promise<SearchTableSql> {
  const { table, textConfig, embedder } = shape;
  const sql = searchTableSql({ table, textConfig, dimensions: embedder?.dimensions });
  try {
    await pool.query('SELECT $1::regconfig', [textConfig]);
  } catch (error) {
    if (sqlStateOf(error) !== '42704') throw error;
    throw new SearchConfigError(
      `textConfig: PostgreSQL has no text search configuration "${textConfig}"; use one of SELECT cfgname FROM pg_ts_config`,
    );
  }
  if (embedder) {
    const { rows } = await pool.query("SELECT 1 FROM pg_extension WHERE extname = 'vector'");
    if (!rows.length) {
      throw new SearchConfigError(
        `${table}: an embedder needs pgvector, which this database has not enabled; install pgvector on the server and run CREATE EXTENSION vector as its owner, or open the store without an embedder`,
      );
    }
  }
  const readMeta = async (): Promise<MetaRow | undefined> => {
    try {
      return (await pool.query(sql.readMeta)).rows[0] as MetaRow | undefined;
    } catch (error) {
      if (sqlStateOf(error) === '42P01') return undefined;
      throw error;
    }
  };
  // An existing table is checked before any DDL, which would fail on its other shape.
  const existing = await readMeta();
  if (existing) {
    checkMeta(table, textConfig, embedder, existing);
    await checkColumns(pool, table, sql);
  }
  if (shape.createSchema) {
    for (const statement of sql.schema) await pool.query(statement);
  }
  if (!existing) {
    const meta = [textConfig, embedder?.id ?? null, embedder?.dimensions ?? null];
    const written = await pool.query(sql.writeMeta, meta).then(readMeta, (error: unknown) => {
      if (sqlStateOf(error) === '42P01') return undefined;
      throw error;
    });
    if (!written) {
      throw new SearchConfigError(
        `${table} does not exist; open the store once with createSchema (as a role that may create tables) or run PostgresSearchStore.schemaSql(options) as a migration`,
      );
    }
    checkMeta(table, textConfig, embedder, written);
  }
  return sql;
}
