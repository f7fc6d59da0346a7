/**
 * The SQL tools' cost against the bare drivers doing the same read of a 1,000-row result:
 * `run_query` through the registry (budget raised to show all 1,000 rows) vs a trusted query
 * in the engine's own sqlite-wasm worker on the same database, and vs `pg-cursor` reading
 * 1,000 rows on a pooled connection (with `pool.query`, one round trip and no row cap, as a
 * figure to read it by); interleaved in one run, medians compared (targets: ≤ 1.2× the SQLite
 * read, ≤ 1.0× `pg-cursor`). Also: 100 concurrent queries on a pool of 10 (each keeps its
 * budget and finishes), and the worker's start-up time. PostgreSQL runs where the Debian
 * package is installed (test/startPostgres).
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import Cursor from 'pg-cursor';
import { sqlRegistry } from '../../src/sql/createSqlTools';
import { openPostgres } from '../../src/sql/postgres/openPostgres';
import { openSqlite } from '../../src/sql/sqlite/SqliteEngine';
import { SqliteWorker } from '../../src/sql/sqlite/worker/SqliteWorker';
import { postgresMissing, startPostgres } from '../../test/startPostgres';
import type { BenchResult } from '../types';
import { alternate, median } from '../alternate';

const ROUNDS = 100;
const WARM_UP = 20;
const QUERY = 'SELECT id, customer_id, total_cents, note FROM orders ORDER BY id';
const LIMITS = {
  maxRows: 1_000,
  countLimit: 1_000,
  maxChars: 10_000_000,
  maxCellChars: 200,
  timeoutMs: 10_000,
};

const ms = (value: number): string => `${value.toFixed(2)} ms`;

async function time(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/**
 * Runs the operations interleaved (each round in turn, the order reversed every other round so
 * none always follows the same one), ROUNDS times each after WARM_UP rounds; their medians.
 */
async function compare(...ops: (() => Promise<unknown>)[]): Promise<number[]> {
  const sides = ops.map((op) => () => time(op));
  return (await alternate(sides, { rounds: ROUNDS, warmUp: WARM_UP })).map(median);
}

async function shopBytes(worker: SqliteWorker): Promise<Uint8Array> {
  const setup = [
    'CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, total_cents INTEGER NOT NULL, note TEXT)',
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) INSERT INTO orders SELECT i, 1 + i % 7, i * 100, 'order note ' || i FROM n",
  ];
  for (const sql of setup) {
    await worker.query({
      sql,
      policy: 'trusted',
      single: true,
      maxRows: 0,
      countLimit: 0,
      maxCellChars: 0,
      timeoutMs: 10_000,
    });
  }
  return worker.serialize();
}

async function sqliteBench(): Promise<BenchResult[]> {
  const started = performance.now();
  const worker = await SqliteWorker.start();
  const startup = performance.now() - started;
  const bytes = await shopBytes(worker);
  const engine = await openSqlite({ bytes });
  await worker.close();
  // The bare read runs in the engine's own worker thread, on the same open database: the two
  // differ only by what the tools add (on a loaded machine two threads are scheduled apart).
  const same = (engine as unknown as { worker: SqliteWorker }).worker;
  const registry = sqlRegistry(engine, LIMITS);
  const { maxRows, countLimit, maxCellChars, timeoutMs } = LIMITS;
  const bare = () =>
    same.query({
      sql: QUERY,
      policy: 'trusted',
      single: false,
      maxRows,
      countLimit,
      maxCellChars,
      timeoutMs,
    });
  const tool = async () => {
    const outcome = await registry.call('run_query', { query: QUERY });
    if (outcome.isError) throw new Error(String(outcome.content));
  };
  const [toolMs, bareMs] = await compare(tool, bare);
  await engine.close();
  const ratio = toolMs / bareMs;
  return [
    {
      name: 'SQLite: run_query (1,000 rows) vs the same read in the same sqlite-wasm worker',
      figures: {
        'run_query median': ms(toolMs),
        'bare worker median': ms(bareMs),
        ratio: ratio.toFixed(2),
      },
      target: 'ratio ≤ 1.2',
      ok: ratio <= 1.2,
    },
    {
      name: 'SQLite worker start-up (thread + sqlite-wasm load; from sources, through tsx)',
      figures: { 'start-up': ms(startup), 'engine worker start-up': ms(engine.startupMs) },
    },
  ];
}

async function postgresBench(): Promise<BenchResult[]> {
  if (postgresMissing) return [{ name: 'PostgreSQL', figures: { skipped: postgresMissing } }];
  const server = await startPostgres();
  const admin = new Pool({ connectionString: server.url, max: 1 });
  try {
    await admin.query(`
      CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL, total_cents int NOT NULL, note text);
      INSERT INTO orders SELECT i, 1 + i % 7, i * 100, 'order note ' || i FROM generate_series(1, 1000) AS i;
      CREATE ROLE reader LOGIN; GRANT USAGE ON SCHEMA public TO reader; GRANT SELECT ON orders TO reader;`);
    const engine = await openPostgres({ connectionString: server.urlFor('reader'), poolSize: 10 });
    const pool = new Pool({ connectionString: server.urlFor('reader'), max: 10 });
    const registry = sqlRegistry(engine, LIMITS);
    const bare = async () => {
      const client = await pool.connect();
      try {
        const cursor = client.query(new Cursor(QUERY, [], { rowMode: 'array' }));
        await cursor.read(1_000);
        await cursor.close();
      } finally {
        client.release();
      }
    };
    // The driver's own one-round-trip read (pg's Query: Parse … Sync in one write), with no
    // row cap: not the target's baseline, a figure to read it by.
    const plain = () => pool.query({ text: QUERY, rowMode: 'array' });
    const tool = async () => {
      const outcome = await registry.call('run_query', { query: QUERY });
      if (outcome.isError) throw new Error(String(outcome.content));
    };
    const [toolMs, bareMs, plainMs] = await compare(tool, bare, plain);
    const small = sqlRegistry(engine);
    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () => small.call('run_query', { query: QUERY })),
    );
    const concurrentMs = performance.now() - started;
    const kept = outcomes.filter(
      (o) => !o.isError && String(o.content).includes('showing 50 of 1000 rows'),
    ).length;
    await engine.close();
    await pool.end();
    const ratio = toolMs / bareMs;
    return [
      {
        name: 'PostgreSQL: run_query (1,000 rows) vs pg-cursor on a pooled connection',
        figures: {
          'run_query median': ms(toolMs),
          'bare pg-cursor median': ms(bareMs),
          ratio: ratio.toFixed(2),
          'bare pool.query median (uncapped, one round trip)': ms(plainMs!),
          'ratio to pool.query': (toolMs / plainMs!).toFixed(2),
        },
        target: 'ratio ≤ 1.0',
        ok: ratio <= 1.0,
      },
      {
        name: 'PostgreSQL: 100 concurrent run_query on a pool of 10',
        figures: {
          'all done in': ms(concurrentMs),
          'kept their budget (50 of 1000 shown)': `${kept}/100`,
        },
        target: 'all 100 finish within budget',
        ok: kept === 100,
      },
    ];
  } finally {
    await admin.end();
    await server.stop();
  }
}

/** The bench's results. */
export async function run(): Promise<BenchResult[]> {
  return [...(await sqliteBench()), ...(await postgresBench())];
}
