/**
 * The catalog queries of the PostgreSQL engine: every name the model gives is a bound
 * parameter, compared with `pg_class.relname`; only tables in the search path that the role may
 * read are shown, and only the columns it may read (`has_column_privilege`), so columns hidden
 * by column privileges stay hidden.
 */

/** Tables, views and materialized views of the search path the role may SELECT from. */
export const LIST_TABLES = `
SELECT c.relname,
       CASE c.relkind WHEN 'v' THEN 'view' WHEN 'm' THEN 'materialized view' WHEN 'f' THEN 'foreign table' ELSE 'table' END,
       c.reltuples::float8,
       obj_description(c.oid, 'pg_class'),
       quote_ident(n.nspname) || '.' || quote_ident(c.relname)
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = ANY (current_schemas(false))
  AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
  AND (has_table_privilege(c.oid, 'SELECT') OR has_any_column_privilege(c.oid, 'SELECT'))
  AND ($1::text IS NULL OR c.relname LIKE $1)
ORDER BY c.relname`;

/** One table by exact name (else the only case-insensitive match). */
export const FIND_TABLE = `
SELECT c.oid::int8, c.relname,
       CASE c.relkind WHEN 'v' THEN 'view' WHEN 'm' THEN 'materialized view' WHEN 'f' THEN 'foreign table' ELSE 'table' END,
       obj_description(c.oid, 'pg_class'),
       quote_ident(n.nspname) || '.' || quote_ident(c.relname)
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = ANY (current_schemas(false))
  AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
  AND (has_table_privilege(c.oid, 'SELECT') OR has_any_column_privilege(c.oid, 'SELECT'))
  AND lower(c.relname) = lower($1)
ORDER BY c.relname = $1 DESC, c.relname
LIMIT 1`;

/** The columns the role may read, with type, nullability, default, comment and primary key. */
export const COLUMNS = `
SELECT a.attname, format_type(a.atttypid, a.atttypmod), NOT a.attnotnull,
       pg_get_expr(d.adbin, d.adrelid), col_description(a.attrelid, a.attnum),
       EXISTS (SELECT 1 FROM pg_constraint p WHERE p.conrelid = a.attrelid AND p.contype = 'p' AND a.attnum = ANY (p.conkey))
FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE a.attrelid = $1::int8::oid AND a.attnum > 0 AND NOT a.attisdropped
  AND has_column_privilege(a.attrelid, a.attnum, 'SELECT')
ORDER BY a.attnum`;

/** Foreign keys: local columns and the referenced table(columns). */
export const FOREIGN_KEYS = `
SELECT ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY k(n, o)
             JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY o)::text[],
       con.confrelid::regclass::text || '(' || array_to_string(ARRAY(
         SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY k(n, o)
         JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY o), ', ') || ')'
FROM pg_constraint con WHERE con.conrelid = $1::int8::oid AND con.contype = 'f' ORDER BY con.conname`;

/** Indexes, with the readable columns they cover. */
export const INDEXES = `
SELECT i.relname, ix.indisunique,
       ARRAY(SELECT a.attname FROM unnest(ix.indkey) WITH ORDINALITY k(n, o)
             JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.n
             WHERE has_column_privilege(a.attrelid, a.attnum, 'SELECT') ORDER BY o)::text[]
FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid
WHERE ix.indrelid = $1::int8::oid ORDER BY i.relname`;

/** Who the engine connects as: refused when superuser or able to run programs or read files. */
export const ROLE_CHECK = `
SELECT current_user, r.rolsuper,
       pg_has_role(current_user, 'pg_execute_server_program', 'MEMBER'),
       pg_has_role(current_user, 'pg_read_server_files', 'MEMBER'),
       pg_has_role(current_user, 'pg_write_server_files', 'MEMBER'),
       current_setting('server_version')
FROM pg_roles r WHERE r.rolname = current_user`;

/** Whether the role can read a column (`hide` demands it cannot). */
export const CAN_READ_COLUMN = `
SELECT has_column_privilege(c.oid, $2, 'SELECT')
FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = ANY (current_schemas(false)) AND c.relname = $1
  AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = $2 AND NOT a.attisdropped)`;
