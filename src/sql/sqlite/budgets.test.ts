/**
 * The budgets as hard caps on real SQLite, through the registry: whatever a call returns
 * (rows, header, notes; a description) is within `maxChars`, a header too wide says to name the
 * columns, the row count's boundary reads "more than", and `hide` naming a column that does not
 * exist is refused.
 */
import 'reflect-metadata';
import type { ToolRegistry } from '../../registry/ToolRegistry';
import { sqliteBytes } from '../__fixtures__/sqliteBytes';
import { sqlRegistry } from '../createSqlTools';
import type { SqliteDatabase } from '../SqlEngine';
import { openSqlite } from './SqliteEngine';

const WIDE = Array.from({ length: 300 }, (_, i) => `a_rather_long_column_name_${i}`);
const SETUP = [
  `CREATE TABLE wide (${WIDE.map((c) => `${c} INTEGER`).join(', ')})`,
  `INSERT INTO wide (${WIDE[0]}) VALUES (1)`,
  'CREATE TABLE long_cells (id INTEGER PRIMARY KEY, body TEXT)',
  "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50) INSERT INTO long_cells SELECT i, printf('%.165c', 'x') FROM n",
  'CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, password_hash TEXT)',
];

describe('SQL budgets on SQLite', () => {
  let bytes: Uint8Array;
  let engine: SqliteDatabase;
  let registry: ToolRegistry;
  const call = async (tool: string, input: object) => {
    const outcome = await registry.call(tool, input);
    return { text: String(outcome.content), isError: outcome.isError };
  };

  beforeAll(async () => {
    bytes = await sqliteBytes(SETUP);
    engine = await openSqlite({ bytes });
    registry = sqlRegistry(engine, { maxCellChars: 200, countLimit: 100 });
  });
  afterAll(() => engine.close());

  it('keeps 50 rows of 165-character cells and the notes within 8,000 characters', async () => {
    const { text } = await call('run_query', { query: 'SELECT * FROM long_cells' });
    expect(text.length).toBeLessThanOrEqual(8_000);
    expect(text).toMatch(/\n\(truncated: showing \d+ of 50 rows; add a WHERE clause/);
  });

  it('answers SELECT * of a 300-column table by asking for the columns by name', async () => {
    const { text } = await call('run_query', { query: 'SELECT * FROM wide' });
    expect(text.length).toBeLessThanOrEqual(8_000);
    expect(text).toContain('The result has 300 columns');
    expect(text).toContain('name the columns you need instead of SELECT *');
  });

  it('describes the 300-column table within 8,000 characters, saying where it was cut', async () => {
    const { text } = await call('describe_table', { table: 'wide' });
    expect(text.length).toBeLessThanOrEqual(8_000);
    expect(text).toMatch(
      /\n\(cut at the 8000-character budget after \d+ lines; the table has 300 columns/,
    );
  });

  it('reads exactly countLimit + 1 rows as "more than" countLimit', async () => {
    const { text } = await call('run_query', {
      query:
        'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 101) SELECT i FROM n',
    });
    expect(text).toContain('(truncated: showing 50 of more than 100 rows;');
  });

  it('stops 3,000 rows of 5 MB values at the byte budget, with a note, well inside the time limit', async () => {
    const { text, isError } = await call('run_query', {
      query:
        'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) ' +
        // A value per row (a constant expression would be computed once).
        "SELECT i, replace(printf('%.2500000c', char(120 + i % 2)), char(120 + i % 2), 'yy') AS big FROM n",
    });
    // The worker's backstop would answer "Stopped: the query ran longer than …" instead.
    expect(isError).toBe(false);
    expect(text.length).toBeLessThanOrEqual(8_000);
    expect(text).toMatch(/\(truncated: showing \d+ of more than 1\d rows;/);
    expect(text).toContain(
      '(stopped after 64 MB of values; select fewer or shorter columns (substr(column, 1, n), length(column)) or add a WHERE clause)',
    );
    expect(text).toContain(`1 | ${'y'.repeat(200)}…`);
  });

  it('stops rows that each compute a 5 MB value at the time limit, without restarting the worker', async () => {
    // Short: the query runs until stopped; the worker's backstop waits its grace on top of it.
    const strict = sqlRegistry(engine, { timeoutMs: 300 });
    const startupMs = engine.startupMs;
    const outcome = await strict.call('run_query', {
      query:
        'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) ' +
        "SELECT count(*) FROM n WHERE length(replace(printf('%.2500000c', char(120 + i % 2)), char(120 + i % 2), 'yy')) > 0",
    });
    expect(String(outcome.content)).toMatch(
      /^Stopped: the query ran longer than 300 ms and was stopped/,
    );
    // A worker ended by the backstop starts again on the next call, measuring its start anew.
    expect(String((await strict.call('run_query', { query: 'SELECT 1 AS one' })).content)).toBe(
      'one\n1\n(1 row)',
    );
    expect(engine.startupMs).toBe(startupMs);
  });

  it('refuses hide naming a column or a table the database does not have', async () => {
    await expect(openSqlite({ bytes, hide: ['users.pasword_hash'] })).rejects.toThrow(
      'hide: "users.pasword_hash": table users has no column pasword_hash (its columns: id, name, password_hash); check the name',
    );
    await expect(openSqlite({ bytes, hide: ['user.password_hash'] })).rejects.toThrow(
      'hide: "user.password_hash": the database has no table user; check the name',
    );
  });
});
