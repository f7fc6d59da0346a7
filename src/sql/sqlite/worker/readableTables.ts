/**
 * What a `read` statement may read, taken from the schema: the user's own tables, views and
 * virtual tables (never `sqlite_*`, shadow tables, or virtual tables that expose storage such as
 * `sqlite_dbpage` and `dbstat`), and, for a virtual table with a hidden column (FTS5), the
 * roads that read that column through the table's own machinery (`MATCH` on the table, `rank`,
 * the auxiliary functions). Loaded once per schema; the authorizer applies it.
 */
import type { SqlCell } from './protocol';

/** The table-valued functions a read may call besides the user's tables. */
const SAFE_EPONYMOUS = ['json_each', 'json_tree'];

/** Modules whose tables show storage (pages, statements, bytecode), whatever their name. */
const STORAGE_MODULES = new Set([
  'dbstat',
  'sqlite_dbpage',
  'sqlite_stmt',
  'bytecode',
  'tables_used',
]);

/** Modules that list an FTS table's words, which a hidden column's words are among. */
const VOCABULARY_MODULES = new Set(['fts5vocab', 'fts4aux', 'fts3tokenize']);

/**
 * Functions that read a full-text table's own columns past the authorizer (FTS5's and FTS3/4's
 * auxiliary functions): refused while any virtual table has a hidden column.
 */
export const SEARCH_FUNCTIONS = new Set([
  'highlight',
  'snippet',
  'bm25',
  'offsets',
  'matchinfo',
  'fts5_get_locale',
]);

/** The allow-list of a `read` statement, all names in lower case. */
export interface ReadableTables {
  /** Tables, views and virtual tables a read may name (with `json_each`, `json_tree`). */
  tables: ReadonlySet<string>;
  /** Every other name the database knows (internal and shadow tables, modules): never read. */
  unreadable: ReadonlySet<string>;
  /**
   * Virtual tables with a hidden column, by name: their columns that search the whole row
   * (FTS5's `notes` and `rank`), which a read may not use, and the hidden columns, for messages.
   */
  searchable: ReadonlyMap<string, { searchColumns: ReadonlySet<string>; hidden: string[] }>;
  /** Whether the auxiliary search functions are refused (a virtual table has a hidden column). */
  searchFunctionsRefused: boolean;
}

/** Runs one trusted catalog read and returns its rows. */
export type CatalogRead = (sql: string, params?: readonly SqlCell[]) => SqlCell[][];

/** The module a `CREATE VIRTUAL TABLE … USING module(…)` statement names, lower case. */
export function moduleOf(sql: string | null): string {
  const match = /\bUSING\s+["`[]?(\w+)/i.exec(sql ?? '');
  return (match?.[1] ?? '').toLowerCase();
}

/**
 * Connects a virtual table now, as trusted code: its constructor reads its shadow tables (FTS5's
 * config, R-tree's nodes), which a `read` statement's own prepare may not; once connected, it
 * reads them only while the statement steps. A table that fails to connect is left to fail later.
 */
function connect(read: CatalogRead, name: string): void {
  try {
    read(`SELECT * FROM main."${name.replace(/"/g, '""')}" LIMIT 0`);
  } catch {
    // An unknown module, say: the model's read of it fails with SQLite's own message.
  }
}

/**
 * Reads the schema's objects and decides what a `read` may name; `hidden` maps lower-case
 * table names to their lower-case hidden columns.
 */
export function loadReadableTables(
  read: CatalogRead,
  hidden: ReadonlyMap<string, ReadonlySet<string>>,
): ReadableTables {
  const objects = read(
    "SELECT l.name, l.type, s.sql FROM pragma_table_list AS l LEFT JOIN main.sqlite_schema AS s ON s.name = l.name WHERE l.schema = 'main'",
  ) as [string, string, string | null][];
  const virtualHidden = objects.some(
    ([name, type]) => type === 'virtual' && hidden.has(name.toLowerCase()),
  );
  const tables = new Set(SAFE_EPONYMOUS);
  const unreadable = new Set<string>();
  const searchable = new Map<string, { searchColumns: Set<string>; hidden: string[] }>();
  for (const [name, type, sql] of objects) {
    const key = name.toLowerCase();
    const module = type === 'virtual' ? moduleOf(sql) : '';
    const internal = key.startsWith('sqlite_') || type === 'shadow';
    const exposes =
      STORAGE_MODULES.has(module) || (virtualHidden && VOCABULARY_MODULES.has(module));
    if (internal || exposes || !['table', 'view', 'virtual'].includes(type)) {
      unreadable.add(key);
      continue;
    }
    tables.add(key);
    if (type === 'virtual') connect(read, name);
    if (type === 'virtual' && hidden.has(key)) {
      const own = read('SELECT name FROM pragma_table_xinfo(?1) WHERE hidden = 1', [name]);
      const searchColumns = new Set(own.map(([column]) => String(column).toLowerCase()));
      searchable.set(key, { searchColumns, hidden: [...hidden.get(key)!] });
    }
  }
  for (const [module] of read('SELECT name FROM pragma_module_list')) {
    const key = String(module).toLowerCase();
    if (!tables.has(key)) unreadable.add(key);
  }
  return { tables, unreadable, searchable, searchFunctionsRefused: virtualHidden };
}

/** The refusal of a search over all of `table`'s columns, some of which (`hidden`) are hidden. */
export function searchRefusal(table: string, hidden: readonly string[], road: string): string {
  return (
    `searching all of ${table} (${road}) is not allowed: its column ${hidden.join(', ')} is ` +
    'hidden; MATCH one of its other columns instead'
  );
}

/**
 * The first searchable table `sql` calls as a table-valued function (`notes('body:x*')`), which
 * searches the whole row and reaches the authorizer as no column at all. Matched on the text,
 * strings and comments included, so it only ever refuses more than it must.
 */
export function tableValuedSearch(
  sql: string,
  searchable: ReadableTables['searchable'],
): string | undefined {
  const gap = String.raw`(?:\s|/\*[^]*?\*/|--[^\n]*\n)*`;
  for (const table of searchable.keys()) {
    const name = table.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const call = new RegExp(String.raw`(?:^|[^\w$])["\`[]?${name}["\`\]]?${gap}\(`, 'i');
    if (call.test(sql)) return table;
  }
  return undefined;
}
