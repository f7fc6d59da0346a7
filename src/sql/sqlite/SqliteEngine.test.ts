/**
 * The SQL tools on real SQLite (sqlite-wasm in its worker thread), through the registry as the
 * model calls them: the catalog, budgets, errors with positions, and every attack on
 * read-only, time and hidden columns, after which the data is unchanged.
 */
import 'reflect-metadata';
import type { ToolRegistry } from '../../registry/ToolRegistry';
import { sqlRegistry } from '../createSqlTools';
import { shopBytes } from '../__fixtures__/shopBytes';
import { sqliteBytes } from '../__fixtures__/sqliteBytes';
import { openSqlite } from './SqliteEngine';
import type { SqliteDatabase } from '../SqlEngine';
import { SqlStopped } from '../SqlStopped';

/** The note of a read that met hidden columns and left them out. */
const HIDDEN_NOTE =
  '(hidden columns were left out, as these tools never show them; select only the columns shown (not * nor a hidden column))';

describe('SQL tools on SQLite', () => {
  let engine: SqliteDatabase;
  let registry: ToolRegistry;
  const text = async (tool: string, input: object, signal?: AbortSignal) => {
    const outcome = await registry.call(tool, input, signal ? { signal } : {});
    return { text: String(outcome.content), isError: outcome.isError };
  };
  const query = (sql: string, signal?: AbortSignal) => text('run_query', { query: sql }, signal);
  /** Row counts and the catalog as the tools read it: what any write would change. */
  const digest = async () => [
    (await query('SELECT count(*) FROM customers')).text,
    (await query('SELECT count(*), sum(total_cents) FROM orders')).text,
    (await text('list_tables', {})).text,
    (await text('describe_table', { table: 'customers' })).text,
  ];
  let before: string[];

  beforeAll(async () => {
    engine = await openSqlite({ bytes: await shopBytes(), hide: ['customers.password_hash'] });
    registry = sqlRegistry(engine, { timeoutMs: 1_000 });
    before = await digest();
  });
  afterAll(() => engine.close());

  it('lists tables and views with row counts, without FTS5 shadow tables', async () => {
    const { text: listed } = await text('list_tables', {});
    expect(listed.split('\n')).toEqual([
      'big_orders (view, 500 rows)',
      'customers (table, 2 rows)',
      'docs (virtual, 2 rows)',
      'orders (table, 1000 rows)',
    ]);
    expect((await text('list_tables', { pattern: 'cust%' })).text).toBe(
      'customers (table, 2 rows)',
    );
  });

  it('describes a table by its catalog name, hidden columns left out', async () => {
    const { text: described } = await text('describe_table', { table: 'ORDERS' });
    expect(described).toContain('customer_id INTEGER, not null');
    expect(described).toContain('(customer_id) references customers(id)');
    expect(described).toContain('orders_by_customer (customer_id)');
    const customers = (await text('describe_table', { table: 'customers' })).text;
    expect(customers).toContain('email TEXT, not null');
    expect(customers).not.toContain('password_hash');
  });

  it('never puts the table name into SQL: an injection is just an unknown table', async () => {
    const outcome = await text('describe_table', { table: 'customers); DROP TABLE customers; --' });
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toContain('No table named');
    expect(outcome.text).toContain('the tables are: big_orders, customers, docs, orders');
  });

  it('answers a query as a compact table, cut with a note on how to narrow', async () => {
    expect((await query('SELECT id, name FROM customers ORDER BY id')).text).toBe(
      'id | name\n1 | Ada\n2 | Grace\n(2 rows)',
    );
    const big = await query('SELECT * FROM orders');
    expect(big.isError).toBe(false);
    expect(big.text.split('\n')).toHaveLength(1 + 50 + 1);
    expect(big.text).toContain('(truncated: showing 50 of 1000 rows; add a WHERE clause, a LIMIT');
    expect((await query("SELECT rowid FROM docs WHERE docs MATCH 'refunds'")).text).toBe(
      'rowid\n2\n(1 row)',
    );
  });

  it('returns SQL errors with the engine message and position, nothing internal', async () => {
    const outcome = await query('SELECT nme FROM customers');
    expect(outcome).toEqual({
      isError: true,
      text: 'SQLite error at character 8: no such column: nme; fix the query and try again',
    });
  });

  it.each([
    ['a second statement', 'SELECT 1; DELETE FROM orders'],
    ['a second statement after a leading comment', '/*c*/ SELECT 1; DELETE FROM orders'],
    ['a tail that does not parse', 'SELECT 1; garbage ('],
    ['a write', 'DELETE FROM orders'],
    ['a writing CTE', 'WITH x AS (SELECT 1) DELETE FROM orders'],
    ['turning query_only off', 'PRAGMA query_only = 0'],
    ['writable_schema', 'PRAGMA writable_schema = 1'],
    ['ATTACH', "ATTACH ':memory:' AS other"],
    ['VACUUM INTO', "VACUUM INTO '/tmp/toolwright-stolen.db'"],
    ['CREATE TEMP', 'CREATE TEMP TABLE t(x)'],
    ['BEGIN', 'BEGIN'],
    ['SAVEPOINT', 'SAVEPOINT a'],
    ['a pragma that reads the schema', 'PRAGMA table_info(customers)'],
  ])('refuses %s', async (_what, sql) => {
    const outcome = await query(sql);
    expect(outcome.isError).toBe(true);
    expect(outcome.text).not.toMatch(/at Object|node_modules|\.ts:/);
  });

  it('allows a trailing comment after the one statement', async () => {
    expect((await query('SELECT 1 AS one -- done')).text).toBe('one\n1\n(1 row)');
  });

  it('refuses the write of a two-call attack, after refusing to turn query_only off', async () => {
    expect((await query('PRAGMA query_only = 0')).isError).toBe(true);
    const write = await query("UPDATE customers SET name = 'x'");
    expect(write.isError).toBe(true);
  });

  it('stops an endless recursive CTE at the time limit, saying how to narrow', async () => {
    const outcome = await query(
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c',
    );
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toMatch(
      /^Stopped: the query ran longer than 1000 ms and was stopped; add a WHERE clause or a LIMIT/,
    );
  });

  it("stops a running query when the call's signal aborts", async () => {
    const controller = new AbortController();
    const running = query(
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c',
      controller.signal,
    );
    setTimeout(() => controller.abort(), 50);
    const outcome = await running;
    expect(outcome.isError).toBe(true);
    expect((await query('SELECT 2 AS two')).text).toBe('two\n2\n(1 row)');
  });

  describe("stops a catalog read when the call's signal aborts, and serves the next call", () => {
    // Counting it (list_tables) or reading a sample row of it (describe_table) never ends.
    const ENDLESS =
      'CREATE VIEW endless AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c';
    it.each([
      [
        'list_tables',
        (db: SqliteDatabase, signal: AbortSignal) => db.listTables(undefined, signal),
      ],
      [
        'describe_table',
        (db: SqliteDatabase, signal: AbortSignal) => db.describeTable('endless', 3, signal),
      ],
    ])('%s', async (_tool, read) => {
      const own = await openSqlite({ bytes: await sqliteBytes([ENDLESS]) });
      try {
        const controller = new AbortController();
        const reading = read(own, controller.signal);
        setTimeout(() => controller.abort(), 100);
        await expect(reading).rejects.toBeInstanceOf(SqlStopped);
        const next = await sqlRegistry(own).call('run_query', { query: 'SELECT 2 AS two' });
        expect(String(next.content)).toBe('two\n2\n(1 row)');
      } finally {
        await own.close();
      }
    });
  });

  it('bounds values in size: randomblob(1e8) is refused with a way to narrow', async () => {
    const outcome = await query('SELECT length(randomblob(1e8))');
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toContain('string or blob too big');
    expect(outcome.text).toContain('select a part of it (substr), its length, or an aggregate');
  });

  it('cuts long cells and says so', async () => {
    const outcome = await query("SELECT printf('%.500c', 'x') AS long");
    expect(outcome.text).toContain('x'.repeat(200) + '…');
    expect(outcome.text).toContain('1 long value was cut');
  });

  it.each([
    ['SELECT *', 'SELECT * FROM customers'],
    ['an expression', 'SELECT upper(password_hash) AS h FROM customers'],
    ['a filter', "SELECT id FROM customers WHERE password_hash = 'hash-ada'"],
    ['the schema text', 'SELECT sql FROM sqlite_schema'],
    ['a pragma function', "SELECT * FROM pragma_table_info('customers')"],
  ])('never shows a hidden column through %s', async (_what, sql) => {
    const outcome = await query(sql);
    expect(outcome.text.toLowerCase()).not.toContain('hash-ada');
    expect(outcome.text).not.toContain('password_hash');
    if (sql.includes('WHERE')) expect(outcome.text).toContain('(no rows)');
  });

  it('says that * left hidden columns out and which to select, as PostgreSQL does', async () => {
    const outcome = await query('SELECT * FROM customers');
    expect(outcome.text.endsWith(`\n${HIDDEN_NOTE}`)).toBe(true);
    expect((await query('SELECT id FROM customers')).text).not.toContain('hidden');
  });

  it('leaves the data as it was after every attack', async () => {
    expect(await digest()).toEqual(before);
  });
});
