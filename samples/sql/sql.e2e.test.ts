/**
 * The SQL sample end to end on the shipped tools: the shop opened with `openSqlite`, its
 * registry in one line, writes refused by SQLite itself, big results cut with a note, the
 * hidden column hidden.
 */
import 'reflect-metadata';
import type { Database } from 'sql.js';
import type { ToolRegistry } from 'toolwright';
import { DEFAULT_SQL_LIMITS, sqlRegistry } from 'toolwright/sql';
import type { SqliteDatabase } from 'toolwright/sql';
import { openShop } from './openShop';

const text = (content: unknown): string =>
  typeof content === 'string' ? content : JSON.stringify(content);

describe('sql sample', () => {
  let db: Database;
  let engine: SqliteDatabase;
  let registry: ToolRegistry;

  beforeAll(async () => {
    ({ db, engine } = await openShop());
    registry = sqlRegistry(engine);
  });
  afterAll(async () => {
    await engine.close();
    db.close();
  });

  const count = (table: string): number =>
    Number(db.exec(`SELECT COUNT(*) FROM ${table}`)[0].values[0][0]);

  it('lists the shop tables with their row counts', async () => {
    const outcome = await registry.call('list_tables', {});
    expect(text(outcome.content)).toBe(
      [
        'customers (table, 8 rows)',
        `order_items (table, ${count('order_items')} rows)`,
        'orders (table, 60 rows)',
        'products (table, 10 rows)',
      ].join('\n'),
    );
  });

  it('describes a table, and names the tables when the model guesses wrong', async () => {
    const orders = await registry.call('describe_table', { table: 'orders' });
    expect(text(orders.content)).toContain('(customer_id) references customers(id)');
    const customers = await registry.call('describe_table', { table: 'customers' });
    expect(text(customers.content)).not.toContain('email');
    const wrong = await registry.call('describe_table', { table: 'order' });
    expect(wrong.isError).toBe(true);
    expect(text(wrong.content)).toContain(
      'No table named "order"; the tables are: customers, order_items, orders, products',
    );
  });

  it('answers a join with an aggregate', async () => {
    const outcome = await registry.call('run_query', {
      query:
        'SELECT c.name, COUNT(*) AS orders FROM orders o JOIN customers c ON c.id = o.customer_id ' +
        'GROUP BY c.id ORDER BY orders DESC, c.name LIMIT 3',
    });
    const lines = text(outcome.content).split('\n');
    expect(lines[0]).toBe('name | orders');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('(3 rows)');
  });

  it.each([
    'DELETE FROM orders',
    "INSERT INTO customers VALUES (99, 'Eve', 'eve@example.com', 'US', '2025-01-01')",
    'PRAGMA query_only = OFF',
    'SELECT 1; DELETE FROM orders',
  ])('refuses %s', async (query) => {
    const outcome = await registry.call('run_query', { query });
    expect(outcome.isError).toBe(true);
    expect(
      (await registry.call('run_query', { query: 'SELECT count(*) AS n FROM orders' })).content,
    ).toBe('n\n60\n(1 row)');
  });

  it('passes SQLite syntax errors to the model with their position', async () => {
    const outcome = await registry.call('run_query', { query: 'SELEC name FROM customers' });
    expect(outcome.isError).toBe(true);
    expect(text(outcome.content)).toContain(
      'SQLite error at character 1: near "SELEC": syntax error',
    );
  });

  it('cuts big results and says how to narrow them', async () => {
    const outcome = await registry.call('run_query', { query: 'SELECT * FROM order_items' });
    const lines = text(outcome.content).split('\n');
    expect(lines).toHaveLength(1 + DEFAULT_SQL_LIMITS.maxRows + 1);
    expect(lines.at(-1)).toContain(
      `(truncated: showing ${DEFAULT_SQL_LIMITS.maxRows} of ${count('order_items')} rows; add a WHERE clause`,
    );
  });

  it('stops a runaway query and tells the model', async () => {
    const stoppable = sqlRegistry(engine, { timeoutMs: 500 });
    const outcome = await stoppable.call('run_query', {
      query:
        'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT COUNT(*) FROM n',
    });
    expect(outcome.isError).toBe(true);
    expect(text(outcome.content)).toContain('the query ran longer than 500 ms and was stopped');
  });
});
