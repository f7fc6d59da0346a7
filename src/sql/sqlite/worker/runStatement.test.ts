/**
 * `runStatement` on a real SQLite in the test's process, as the worker runs the model's `read`:
 * only the user's own tables and views, hidden columns read as NULL whatever their spelling, no
 * road to a hidden column through the engine's storage or a full-text table's own machinery,
 * refusals that name the statement, and the row count's boundary.
 */
import { inProcessSqlite } from './__fixtures__/inProcessSqlite';
import type { InProcessSqlite } from './__fixtures__/inProcessSqlite';

const SETUP = [
  'CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, Password_Hash TEXT)',
  "INSERT INTO users VALUES (1, 'Ada', 'SECRET-hash-ada')",
  'CREATE VIRTUAL TABLE notes USING fts5(title, body)',
  "INSERT INTO notes VALUES ('todo', 'SECRET body words')",
  'CREATE VIEW names AS SELECT id, name FROM users',
];

describe('runStatement', () => {
  let sqlite: InProcessSqlite;
  beforeAll(async () => {
    sqlite = await inProcessSqlite(SETUP, { users: ['password_hash'], notes: ['body'] });
  });
  afterAll(() => sqlite.close());

  const refusal = (sql: string, kind = 'refused'): string => {
    const outcome = sqlite.run(sql);
    if (outcome.ok) throw new Error(`ran: ${JSON.stringify(outcome.result.rows)}`);
    expect(outcome.failure.kind).toBe(kind);
    return outcome.failure.message;
  };

  it.each([
    [
      'raw pages',
      "SELECT pgno, CAST(substr(data, instr(data, CAST('SECRET' AS BLOB)), 22) AS TEXT) FROM sqlite_dbpage",
      /^sqlite_dbpage cannot be read: these tools read only the database's own tables and views/,
    ],
    ['a count of pages', 'SELECT count(*) FROM sqlite_dbpage', /^sqlite_dbpage cannot be read/],
    ['dbstat', 'SELECT name, pgsize FROM dbstat', /^dbstat cannot be read/],
    ['the schema table', 'SELECT sql FROM sqlite_schema', /^sqlite_master cannot be read/],
    ['an FTS5 shadow table', 'SELECT * FROM notes_content', /^notes_content cannot be read/],
    ['another shadow table', 'SELECT count(*) FROM notes_data', /^notes_data cannot be read/],
    [
      'highlight()',
      "SELECT highlight(notes, 1, '[', ']') FROM notes",
      /^highlight\(\) is not allowed: it reads a full-text table's text past its hidden column \(notes\.body\)/,
    ],
    ['snippet()', "SELECT snippet(notes, 1, '[', ']', '…', 5) FROM notes", /^snippet\(\) is not/],
    ['bm25()', "SELECT bm25(notes) FROM notes WHERE title MATCH 'todo'", /^bm25\(\) is not/],
    [
      'MATCH on the table',
      "SELECT title FROM notes WHERE notes MATCH 'body:SECRET*'",
      /^searching all of notes .* is not allowed: its column body is hidden; MATCH one of its other columns instead/,
    ],
    [
      '= on the table',
      "SELECT title FROM notes WHERE notes = 'SECRET*'",
      /^searching all of notes/,
    ],
    ['rank', 'SELECT title, rank FROM notes', /^searching all of notes/],
    ['a table-valued call', "SELECT title FROM notes('body:SECRET*')", /^searching all of notes/],
    [
      'a quoted table-valued call',
      'SELECT title FROM "NOTES" /* c */ (\'SECRET*\')',
      /^searching all/,
    ],
  ])('refuses %s', (_road, sql, message) => {
    expect(refusal(sql, 'unreadable')).toMatch(message);
  });

  it.each([
    ['DROP TABLE users', 'DROP TABLE is not allowed: these tools are read-only'],
    ['  -- why\n drop view names', 'DROP VIEW is not allowed: these tools are read-only'],
    ['ANALYZE', 'ANALYZE is not allowed: these tools are read-only'],
    ['CREATE TEMP TABLE t(x)', 'CREATE TEMP TABLE is not allowed: these tools are read-only'],
    [
      'CREATE TEMPORARY VIEW v AS SELECT 1',
      'CREATE TEMP VIEW is not allowed: these tools are read-only',
    ],
    ['WITH x AS (SELECT 1) DELETE FROM users', 'DELETE is not allowed: these tools are read-only'],
    ['PRAGMA query_only = 0', 'PRAGMA query_only = 0 is not allowed: these tools are read-only'],
  ])('names the statement it refuses: %s', (sql, message) => {
    expect(refusal(sql)).toBe(message);
  });

  it('reads the visible columns of the user’s tables, views and full-text tables', () => {
    const rows = (sql: string) => {
      const outcome = sqlite.run(sql);
      if (!outcome.ok) throw new Error(outcome.failure.message);
      return outcome.result.rows;
    };
    expect(rows('SELECT * FROM names')).toEqual([[1, 'Ada']]);
    expect(rows("SELECT title FROM notes WHERE title MATCH 'todo'")).toEqual([['todo']]);
    expect(rows("SELECT title FROM notes WHERE title MATCH 'body:SECRET*'")).toEqual([]);
    expect(rows('SELECT * FROM notes')).toEqual([['todo']]);
    expect(
      rows(
        'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 3) SELECT count(*) FROM c',
      ),
    ).toEqual([[3]]);
    expect(rows("SELECT value FROM json_each('[7]')")).toEqual([[7]]);
  });

  it('reads a hidden column as NULL however the statement spells it', () => {
    const outcome = sqlite.run(
      'SELECT PASSWORD_HASH AS a, password_hash AS b, Password_Hash AS c FROM USERS',
    );
    expect(outcome).toMatchObject({ ok: true, result: { rows: [[null, null, null]] } });
    const star = sqlite.run('SELECT * FROM Users');
    expect(star).toMatchObject({
      ok: true,
      result: { columns: ['id', 'name'], rows: [[1, 'Ada']] },
    });
  });

  it('stops stepping once the values pass maxBytes, and decodes a long cell only as far as it shows', () => {
    const outcome = sqlite.run(
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5) SELECT printf('%.1000000c', 'é') FROM c",
      { maxBytes: 5_000_000, maxCellChars: 3 },
    );
    expect(outcome).toMatchObject({
      ok: true,
      result: { rowCount: 2, countCapped: true, bytesCapped: 5_000_000, cutCells: 2 },
    });
    if (outcome.ok) expect(outcome.result.rows).toEqual([['ééé…'], ['ééé…']]);
  });

  it('counts exactly countLimit + 1 rows as more than countLimit', () => {
    const series = (n: number) =>
      `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${n}) SELECT x FROM c`;
    const budget = { maxRows: 5, countLimit: 100 };
    expect(sqlite.run(series(101), budget)).toMatchObject({
      ok: true,
      result: { rowCount: 100, countCapped: true },
    });
    expect(sqlite.run(series(100), budget)).toMatchObject({
      ok: true,
      result: { rowCount: 100, countCapped: false },
    });
  });
});
