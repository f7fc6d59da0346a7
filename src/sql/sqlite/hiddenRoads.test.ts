/**
 * Hidden columns on every road, on a real SQLite file through the registry as the model calls
 * it: a hidden column of an ordinary table and of an FTS5 table stays out of raw pages, shadow
 * tables, the auxiliary functions and MATCH, each refused with a message naming why.
 */
import 'reflect-metadata';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolRegistry } from '../../registry/ToolRegistry';
import { sqliteBytes } from '../__fixtures__/sqliteBytes';
import { sqlRegistry } from '../createSqlTools';
import type { SqliteDatabase } from '../SqlEngine';
import { openSqlite } from './SqliteEngine';

/** The note of a read that met hidden columns and left them out. */
const HIDDEN_NOTE =
  '(hidden columns were left out, as these tools never show them; select only the columns shown (not * nor a hidden column))';

const SETUP = [
  'CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, Password_Hash TEXT)',
  "INSERT INTO users VALUES (1, 'Ada', 'SECRET-hash-of-ada')",
  'CREATE VIRTUAL TABLE notes USING fts5(title, body)',
  "INSERT INTO notes VALUES ('todo', 'SECRET body of the note')",
  'CREATE VIRTUAL TABLE words USING fts5vocab(notes, row)',
  'CREATE VIRTUAL TABLE pages USING dbstat',
];

describe('hidden columns on SQLite, every road', () => {
  let dir: string;
  let engine: SqliteDatabase;
  let registry: ToolRegistry;
  const query = async (sql: string) => {
    const outcome = await registry.call('run_query', { query: sql });
    return { text: String(outcome.content), isError: outcome.isError };
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolwright-hidden-'));
    const file = join(dir, 'secrets.db');
    await writeFile(file, await sqliteBytes(SETUP));
    engine = await openSqlite({ file, hide: ['Users.PASSWORD_HASH', 'notes.body'] });
    registry = sqlRegistry(engine);
  });
  afterAll(async () => {
    await engine.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    [
      'raw pages',
      "SELECT pgno, CAST(substr(data, instr(data, CAST('SECRET' AS BLOB)), 22) AS TEXT) FROM sqlite_dbpage",
      'sqlite_dbpage cannot be read',
    ],
    ['dbstat', 'SELECT * FROM dbstat', 'dbstat cannot be read'],
    ['the FTS5 shadow table', 'SELECT * FROM notes_content', 'notes_content cannot be read'],
    ['the index', 'SELECT * FROM notes_data', 'notes_data cannot be read'],
    ['a vocabulary table of its own', 'SELECT term FROM words', 'words cannot be read'],
    ['a dbstat table of its own', 'SELECT * FROM pages', 'pages cannot be read'],
    [
      'highlight()',
      "SELECT highlight(notes, 1, '[', ']') FROM notes",
      'highlight() is not allowed',
    ],
    [
      'snippet()',
      "SELECT snippet(notes, 1, '[', ']', '', 4) FROM notes",
      'snippet() is not allowed',
    ],
    [
      'MATCH on the table',
      "SELECT title FROM notes WHERE notes MATCH 'body:SECRET*'",
      'its column body is hidden',
    ],
    ['a table-valued search', "SELECT title FROM notes('SECRET')", 'its column body is hidden'],
  ])('refuses %s with a clear message', async (_road, sql, message) => {
    const outcome = await query(sql);
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toContain(message);
    expect(outcome.text).toMatch(/; list_tables and describe_table show what may be read$/);
    expect(outcome.text).not.toContain('SECRET-');
    expect(outcome.text).not.toContain('SECRET body');
  });

  it("reads describe_table's sample rows as a query: a table it may not read gives why", async () => {
    const sampled = sqlRegistry(engine, { sampleRows: 2 });
    const words = String((await sampled.call('describe_table', { table: 'words' })).content);
    expect(words).toMatch(/\nsample rows: not read \(words cannot be read: these tools read only/);
    expect(words).not.toMatch(/secret/i);
    expect(String((await sampled.call('describe_table', { table: 'users' })).content)).toBe(
      'table users\ncolumns:\n  id INTEGER, primary key, not null\n  name TEXT\nsample rows:\n  id | name\n  1 | Ada',
    );
  });

  it('lists only the tables a read may name', async () => {
    expect(String((await registry.call('list_tables', {})).content)).toBe(
      'notes (virtual, 1 row)\nusers (table, 1 row)',
    );
  });

  it('says so when a statement selects only a hidden column', async () => {
    expect((await query('SELECT password_hash FROM users')).text).toBe(
      'The statement selected only hidden column (password_hash), which these tools never show; select other columns.',
    );
  });

  it('reads the visible columns, a mixed-case reference to the hidden one as nothing', async () => {
    expect((await query('SELECT * FROM users')).text).toBe(
      `id | name\n1 | Ada\n(1 row)\n${HIDDEN_NOTE}`,
    );
    expect((await query('SELECT * FROM notes')).text).toBe(`title\ntodo\n(1 row)\n${HIDDEN_NOTE}`);
    expect((await query("SELECT title FROM notes WHERE title MATCH 'todo'")).text).toBe(
      'title\ntodo\n(1 row)',
    );
    const mixed = await query("SELECT id FROM USERS WHERE Password_hash LIKE 'SECRET%'");
    expect(mixed.text).toBe('id\n(no rows)');
  });
});

describe('a hidden column of an external-content FTS5 table (content=…)', () => {
  const articles = (content: string) => [
    'CREATE TABLE articles (id INTEGER PRIMARY KEY, title TEXT, body TEXT)',
    "INSERT INTO articles VALUES (7, 'todo', 'SECRET body of the article')",
    `CREATE VIRTUAL TABLE docs USING fts5(title, body, content=${content}, content_rowid='id')`,
    "INSERT INTO docs(docs) VALUES ('rebuild')",
  ];
  /** One engine per database and `hide`, opened on first use (a worker each) and closed after. */
  const engines = new Map<string, Promise<SqliteDatabase>>();
  const call = async (
    hide: string[],
    tool: string,
    input: Record<string, unknown>,
    content = "'articles'",
  ) => {
    const key = JSON.stringify([hide, content]);
    if (!engines.has(key)) {
      engines.set(
        key,
        sqliteBytes(articles(content)).then((bytes) => openSqlite({ bytes, hide })),
      );
    }
    const outcome = await sqlRegistry(await engines.get(key)!).call(tool, input);
    return { text: String(outcome.content), isError: outcome.isError };
  };
  const run = (hide: string[], sql: string, content?: string) =>
    call(hide, 'run_query', { query: sql }, content);
  afterAll(async () => {
    for (const engine of engines.values()) await (await engine).close();
  });
  const ROADS: [string, string][] = [
    ['SELECT body FROM docs', 'selected only hidden column (body)'],
    ["SELECT title FROM docs WHERE docs MATCH 'SECRET'", 'its column body is hidden'],
    ["SELECT title FROM docs WHERE docs MATCH 'body:SECRET'", 'its column body is hidden'],
    ["SELECT title FROM docs WHERE body MATCH 'SECRET'", 'MATCH on hidden column body'],
    ["SELECT highlight(docs, 0, '[', ']') FROM docs", 'highlight() is not allowed'],
    ["SELECT snippet(docs, 1, '[', ']', '', 4) FROM docs", 'snippet() is not allowed'],
    ['SELECT title FROM docs ORDER BY bm25(docs)', 'bm25() is not allowed'],
  ];

  it.each(ROADS)(
    'hides the FTS5 column when only the content table hides it: %s',
    async (sql, message) => {
      const outcome = await run(['articles.body'], sql);
      expect(outcome.text).toContain(message);
      expect(outcome.text).not.toContain('SECRET body');
      expect(outcome.text).not.toMatch(/^title\ntodo/);
    },
  );

  it.each([`"articles"`, '`articles`', '[articles]', 'articles', "'ARTICLES'"])(
    'reads the content table however it is quoted: content=%s',
    async (content) => {
      const outcome = await run(
        ['articles.body'],
        "SELECT title FROM docs WHERE docs MATCH 'SECRET'",
        content,
      );
      expect(outcome.text).toContain('its column body is hidden');
    },
  );

  it("hides the content table's column when only the FTS5 column is hidden", async () => {
    expect((await run(['docs.body'], 'SELECT body FROM articles')).text).toBe(
      'The statement selected only hidden column (body), which these tools never show; select other columns.',
    );
    expect((await run(['docs.body'], 'SELECT title FROM articles')).text).toBe(
      'title\ntodo\n(1 row)',
    );
  });

  it('hides the FTS5 rowid when the content_rowid column is hidden', async () => {
    const search = "SELECT rowid FROM docs WHERE title MATCH 'todo'";
    expect((await run(['articles.id'], search)).text).toBe(
      'The statement selected only hidden column (rowid), which these tools never show; select other columns.',
    );
  });

  it('leaves the shared column out of describe_table of both tables', async () => {
    const describe = (table: string) => call(['articles.body'], 'describe_table', { table });
    expect((await describe('docs')).text).toBe('virtual docs\ncolumns:\n  title ANY');
    expect((await describe('articles')).text).toBe(
      'table articles\ncolumns:\n  id INTEGER, primary key, not null\n  title TEXT',
    );
  });

  it('still reads and searches the visible columns', async () => {
    expect(
      (await run(['articles.body'], "SELECT title FROM docs WHERE title MATCH 'todo'")).text,
    ).toBe('title\ntodo\n(1 row)');
  });
});
