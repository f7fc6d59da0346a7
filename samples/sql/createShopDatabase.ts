/**
 * Builds the SQL sample's database: a real SQLite database (sql.js, SQLite compiled to
 * WebAssembly and shipped inside the npm package) holding a small shop — customers, products,
 * orders and their items — filled with deterministic rows.
 */
import initSqlJs from 'sql.js';
import type { Database } from 'sql.js';

const SCHEMA = `
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE,
  country TEXT NOT NULL,
  joined_on TEXT NOT NULL
);
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  category TEXT NOT NULL,
  price_cents INTEGER NOT NULL CHECK (price_cents > 0)
);
CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers(id),
  status TEXT NOT NULL CHECK (status IN ('pending', 'shipped', 'delivered', 'cancelled')),
  ordered_on TEXT NOT NULL
);
CREATE TABLE order_items (
  order_id INTEGER NOT NULL REFERENCES orders(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  unit_price_cents INTEGER NOT NULL,
  PRIMARY KEY (order_id, product_id)
);
`;

const CUSTOMERS: [string, string, string][] = [
  ['Ada Lovelace', 'ada@example.com', 'UK'],
  ['Grace Hopper', 'grace@example.com', 'US'],
  ['Alan Turing', 'alan@example.com', 'UK'],
  ['Katherine Johnson', 'katherine@example.com', 'US'],
  ['Marie Curie', 'marie@example.com', 'FR'],
  ['Hedy Lamarr', 'hedy@example.com', 'AT'],
  ['Tim Berners-Lee', 'tim@example.com', 'UK'],
  ['Margaret Hamilton', 'margaret@example.com', 'US'],
];

const PRODUCTS: [string, string, number][] = [
  ['Mechanical keyboard', 'accessories', 8900],
  ['Wireless mouse', 'accessories', 2900],
  ['27" monitor', 'displays', 27900],
  ['USB-C hub', 'accessories', 4500],
  ['Laptop stand', 'furniture', 3900],
  ['Standing desk', 'furniture', 49900],
  ['Noise-cancelling headphones', 'audio', 19900],
  ['Webcam', 'video', 6900],
  ['Desk lamp', 'furniture', 3400],
  ['Portable SSD 1TB', 'storage', 11900],
];

const STATUSES = ['pending', 'shipped', 'delivered', 'delivered', 'delivered', 'cancelled'];

/** How many orders the generated shop holds (enough for `SELECT * FROM order_items` to be truncated). */
export const ORDER_COUNT = 60;

/** A small deterministic pseudo-random sequence, so every run holds the same rows. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** Creates the shop database in memory: schema, then rows. */
export async function createShopDatabase(): Promise<Database> {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run('PRAGMA foreign_keys = ON');
  db.run(SCHEMA);
  db.run('BEGIN');
  CUSTOMERS.forEach(([name, email, country], i) => {
    const joined = `2024-${String((i % 12) + 1).padStart(2, '0')}-${String(i + 3).padStart(2, '0')}`;
    db.run('INSERT INTO customers VALUES (?, ?, ?, ?, ?)', [i + 1, name, email, country, joined]);
  });
  PRODUCTS.forEach(([name, category, price], i) => {
    db.run('INSERT INTO products VALUES (?, ?, ?, ?)', [i + 1, name, category, price]);
  });
  const random = sequence(42);
  const pick = (n: number) => Math.floor(random() * n);
  for (let id = 1; id <= ORDER_COUNT; id++) {
    const day = `2025-${String((id % 12) + 1).padStart(2, '0')}-${String((id % 28) + 1).padStart(2, '0')}`;
    db.run('INSERT INTO orders VALUES (?, ?, ?, ?)', [
      id,
      pick(CUSTOMERS.length) + 1,
      STATUSES[pick(STATUSES.length)],
      day,
    ]);
    const first = pick(PRODUCTS.length);
    const count = 1 + pick(3);
    for (let k = 0; k < count; k++) {
      const product = ((first + k * 3) % PRODUCTS.length) + 1;
      db.run('INSERT INTO order_items VALUES (?, ?, ?, ?)', [
        id,
        product,
        1 + pick(3),
        PRODUCTS[product - 1][2],
      ]);
    }
  }
  db.run('COMMIT');
  return db;
}
