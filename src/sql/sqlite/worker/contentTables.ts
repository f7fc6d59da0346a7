/**
 * The hidden columns an external-content FTS5 table shares with its content table: the table
 * (`fts5(title, body, content='articles', content_rowid='id')`) reads its columns from the
 * content table and indexes their words, so a column hidden in either is hidden in both, and a
 * hidden `content_rowid` column hides the FTS5 table's rowid. Read from the schema at open.
 */
import { isHidden } from '../../hiddenColumns';
import type { HiddenColumns } from './protocol';
import type { CatalogRead } from './readableTables';
import { moduleOf } from './readableTables';

/** One `hide` pair. */
type Pair = HiddenColumns[number];

/** Removes an option value's quotes ('…', "…", `…`, […]), as FTS5 reads it. */
function dequote(value: string): string {
  const close: Record<string, string> = { "'": "'", '"': '"', '`': '`', '[': ']' };
  const end = close[value[0] ?? ''];
  if (!end || !value.endsWith(end) || value.length < 2) return value;
  const inner = value.slice(1, -1);
  return end === ']' ? inner : inner.split(end + end).join(end);
}

/** The `key = value` options of a `CREATE VIRTUAL TABLE … USING fts5(…)` statement, keys lower case. */
export function ftsOptions(sql: string): Map<string, string> {
  const args = sql.slice(sql.indexOf('(') + 1, sql.lastIndexOf(')'));
  const parts: string[] = [];
  let current = '';
  let quote = '';
  for (const char of args) {
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === ',') {
      parts.push(current);
      current = '';
      continue;
    } else if ('\'"`'.includes(char)) quote = char;
    else if (char === '[') quote = ']';
    current += char;
  }
  parts.push(current);
  const options = new Map<string, string>();
  for (const part of parts) {
    const option = /^\s*(\w+)\s*=\s*([^]*?)\s*$/.exec(part);
    if (option) options.set(option[1]!.toLowerCase(), dequote(option[2]!));
  }
  return options;
}

/**
 * The visible column names of `table`, as the catalog spells them; none when it fails to
 * connect (an unknown module), which no read can then reach either.
 */
function columnsOf(read: CatalogRead, table: string): string[] {
  try {
    const rows = read('SELECT name FROM pragma_table_xinfo(?1) WHERE hidden = 0', [table]);
    return rows.map(([name]) => String(name));
  } catch {
    return [];
  }
}

/**
 * `hidden` with each external-content FTS5 table's column hidden when its content table's
 * column is, and the reverse; its rowid hidden when the `content_rowid` column is.
 * @example
 * withContentTables(read, [{ table: 'articles', column: 'body' }]); // adds docs.body
 */
export function withContentTables(read: CatalogRead, hidden: HiddenColumns): HiddenColumns {
  if (hidden.length === 0) return hidden;
  const result: Pair[] = [...hidden];
  const has = (table: string, column: string) => isHidden(result, table, column);
  const add = (table: string, column: string) => {
    if (!has(table, column)) result.push({ table, column });
  };
  const virtual = read(
    "SELECT name, sql FROM main.sqlite_schema WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'",
  ) as [string, string][];
  for (const [table, sql] of virtual) {
    if (moduleOf(sql) !== 'fts5') continue;
    const options = ftsOptions(sql);
    const content = options.get('content');
    if (!content) continue;
    const columns = columnsOf(read, table);
    const contentColumns = columnsOf(read, content);
    for (const column of columns) {
      const shared = contentColumns.find((c) => c.toLowerCase() === column.toLowerCase());
      if (shared && (has(table, column) || has(content, shared))) {
        add(table, column);
        add(content, shared);
      }
    }
    const rowid = options.get('content_rowid');
    if (rowid && has(content, rowid)) add(table, 'rowid');
  }
  return result;
}
