/**
 * The SQL sample end to end: a real SQLite database, its tools through the registry, writes
 * refused by SQLite itself, big results cut with a note.
 */
import 'reflect-metadata';
import { ToolRegistry } from 'toolwright';
import type { Database } from 'sql.js';
import { createShopDatabase } from './createShopDatabase';
import { MAX_ROWS, SqlService } from './SqlService';

const text = (content: unknown): string =>
  typeof content === 'string' ? content : JSON.stringify(content);

describe('sql sample', () => {
  let db: Database;
  let registry: ToolRegistry;

  beforeEach(async () => {
    db = await createShopDatabase();
    registry = new ToolRegistry().register(new SqlService(db));
  });
  afterEach(() => db.close());

  const count = (table: string): number =>
    Number(db.exec(`SELECT COUNT(*) FROM ${table}`)[0].values[0][0]);

  it('lists the shop tables with their row counts', async () => {
    const outcome = await registry.call('list_tables', {});
    expect(outcome.isError).toBe(false);
    expect(text(outcome.content)).toBe(
      [
        'customers (8 rows)',
        'order_items (' + count('order_items') + ' rows)',
        'orders (60 rows)',
        'products (10 rows)',
      ].join('\n'),
    );
  });

  it('describes a table by its CREATE statement and tells the model the table names when it guesses wrong', async () => {
    const orders = await registry.call('describe_table', { table: 'orders' });
    expect(text(orders.content)).toContain('customer_id INTEGER NOT NULL REFERENCES customers(id)');
    const wrong = await registry.call('describe_table', { table: 'order' });
    expect(wrong.isError).toBe(true);
    expect(text(wrong.content)).toContain(
      'No table named "order"; tables: customers, order_items, orders, products',
    );
  });

  it('answers a join with an aggregate', async () => {
    const outcome = await registry.call('run_query', {
      query:
        'SELECT c.name, COUNT(*) AS orders FROM orders o JOIN customers c ON c.id = o.customer_id ' +
        'GROUP BY c.id ORDER BY orders DESC, c.name LIMIT 3',
    });
    expect(outcome.isError).toBe(false);
    const lines = text(outcome.content).split('\n');
    expect(lines[0]).toBe('name | orders');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('(3 rows)');
  });

  it.each([
    'DELETE FROM orders',
    'UPDATE products SET price_cents = 1 WHERE id = 1',
    "INSERT INTO customers VALUES (99, 'Eve', 'eve@example.com', 'US', '2025-01-01')",
    'DROP TABLE order_items',
    'CREATE TABLE loot (x)',
  ])('refuses the write %s through SQLite itself', async (query) => {
    const before = [count('orders'), count('customers'), count('order_items')];
    const outcome = await registry.call('run_query', { query });
    expect(outcome.isError).toBe(true);
    expect(text(outcome.content)).toContain('attempt to write a readonly database');
    expect([count('orders'), count('customers'), count('order_items')]).toEqual(before);
  });

  it('cannot be talked out of read-only mode by a PRAGMA', async () => {
    await registry.call('run_query', { query: 'PRAGMA query_only = OFF' });
    const outcome = await registry.call('run_query', { query: 'DELETE FROM orders' });
    expect(outcome.isError).toBe(true);
    expect(count('orders')).toBe(60);
  });

  it('runs one statement per call, so a write cannot ride behind a read', async () => {
    const outcome = await registry.call('run_query', { query: 'SELECT 1; DELETE FROM orders' });
    expect(outcome.isError).toBe(true);
    expect(text(outcome.content)).toContain('one statement per call');
    expect(count('orders')).toBe(60);
  });

  it('passes SQLite syntax errors to the model', async () => {
    const outcome = await registry.call('run_query', { query: 'SELEC name FROM customers' });
    expect(outcome.isError).toBe(true);
    expect(text(outcome.content)).toContain('SQLite error: near "SELEC": syntax error');
  });

  it('cuts big results and says how to narrow them', async () => {
    const outcome = await registry.call('run_query', { query: 'SELECT * FROM order_items' });
    expect(outcome.isError).toBe(false);
    const lines = text(outcome.content).split('\n');
    expect(lines).toHaveLength(1 + MAX_ROWS + 1);
    expect(lines.at(-1)).toBe(
      `(truncated: showing ${MAX_ROWS} of ${count('order_items')} rows; add a WHERE clause, a LIMIT or an aggregate to see what you need)`,
    );
  });

  it('stops counting an endless result instead of hanging', async () => {
    const outcome = await registry.call('run_query', {
      query: 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT x FROM n',
    });
    expect(text(outcome.content)).toContain(`showing ${MAX_ROWS} of more than 10000 rows`);
  });

  it('stops a runaway query and tells the model, without blocking the process', async () => {
    const stoppable = new ToolRegistry().register(new SqlService(db, 500));
    const ticks: number[] = [];
    const ticker = setInterval(() => ticks.push(Date.now()), 50);
    const outcome = await stoppable.call('run_query', {
      query:
        'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT COUNT(*) FROM n',
    });
    clearInterval(ticker);
    expect(outcome.isError).toBe(true);
    expect(text(outcome.content)).toContain('the query ran longer than 500 ms and was stopped');
    expect(ticks.length).toBeGreaterThan(2);
  });
});
