/**
 * The SQL tools on a real PostgreSQL server (started by the suite), through the registry as the
 * model calls them. The reader role is even granted writes on `orders`, so that only the
 * engine's rules (BEGIN READ ONLY, the extended protocol, the timeouts, ROLLBACK, DISCARD ALL,
 * the byte limits) stand between the model and the data; after every attack the data is
 * unchanged. Tests that need tables of their own get a database of their own.
 */
import 'reflect-metadata';
import { Client, types } from 'pg';
import { describeWithServer } from '../../../test/describeWithServer';
import { postgresMissing, startPostgres } from '../../../test/startPostgres';
import { until } from '../../../test/until';
import type { PostgresServer } from '../../../test/startPostgres';
import type { ToolRegistry } from '../../registry/ToolRegistry';
import { sqlRegistry } from '../createSqlTools';
import { openPostgres } from './openPostgres';
import type { SqlEngine } from '../SqlEngine';
import { rowLine } from '../rowLine';
import { SqlStopped } from '../SqlStopped';

const SETUP = `
CREATE TABLE customers (id int PRIMARY KEY, name text NOT NULL, email text NOT NULL UNIQUE, password_hash text NOT NULL);
COMMENT ON TABLE customers IS 'People who ordered';
INSERT INTO customers VALUES (1, 'Ada', 'ada@example.com', 'hash-ada'), (2, 'Grace', 'grace@example.com', 'hash-grace');
CREATE TABLE orders (id int PRIMARY KEY, customer_id int NOT NULL REFERENCES customers(id), total_cents int NOT NULL);
CREATE INDEX orders_by_customer ON orders(customer_id);
INSERT INTO orders SELECT i, 1 + i % 2, i * 100 FROM generate_series(1, 1000) AS i;
CREATE ROLE reader LOGIN;
GRANT USAGE ON SCHEMA public TO reader;
GRANT SELECT, INSERT, UPDATE, DELETE ON orders TO reader;
GRANT SELECT (id, name, email) ON customers TO reader;
`;

/** The time limit of the tools a runaway query meets: it stops them, so it need not be long. */
const RUNAWAY_LIMIT_MS = 300;

describeWithServer(postgresMissing, 'SQL tools on PostgreSQL', () => {
  let server: PostgresServer;
  let admin: Client;
  let engine: SqlEngine;
  let registry: ToolRegistry;
  const call = async (tool: string, input: object, signal?: AbortSignal, tools = registry) => {
    const outcome = await tools.call(tool, input, signal ? { signal } : {});
    return { text: String(outcome.content), isError: outcome.isError };
  };
  const query = (sql: string, signal?: AbortSignal) => call('run_query', { query: sql }, signal);
  /** A query through tools whose time limit is short: for the queries that run until stopped. */
  const strictQuery = (sql: string) =>
    call(
      'run_query',
      { query: sql },
      undefined,
      sqlRegistry(engine, { timeoutMs: RUNAWAY_LIMIT_MS }),
    );
  /** Row counts and a digest of the schema, read by the superuser. */
  const digest = async () =>
    (
      await admin.query(
        `SELECT (SELECT count(*) FROM customers), (SELECT count(*) || ':' || sum(total_cents) FROM orders),
                (SELECT md5(string_agg(table_name || column_name || data_type, ',' ORDER BY table_name, column_name))
                   FROM information_schema.columns WHERE table_schema = 'public'),
                (SELECT count(*) FROM pg_class WHERE relnamespace = 'public'::regnamespace)`,
      )
    ).rows[0];
  let before: unknown;
  /**
   * A database of its own for one test (the shared one's schema is compared at the end), set up
   * by the superuser; the reader connects to it through an engine on a one-connection pool, so
   * every call reuses the connection of the call before.
   */
  const freshDatabase = async (name: string, setup: string, options: object = {}) => {
    await admin.query(`CREATE DATABASE ${name}`);
    const owner = new Client({ connectionString: server.urlFor('postgres', name) });
    await owner.connect();
    try {
      await owner.query(`GRANT USAGE ON SCHEMA public TO reader; ${setup}`);
    } finally {
      await owner.end();
    }
    const opened = await openPostgres({
      connectionString: server.urlFor('reader', name),
      poolSize: 1,
    });
    return { engine: opened, registry: sqlRegistry(opened, options) };
  };
  const asAdmin = async (database: string, sql: string) => {
    const owner = new Client({ connectionString: server.urlFor('postgres', database) });
    await owner.connect();
    try {
      return (await owner.query(sql)).rows;
    } finally {
      await owner.end();
    }
  };

  beforeAll(async () => {
    server = await startPostgres();
    admin = new Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(SETUP);
    engine = await openPostgres({
      connectionString: server.urlFor('reader'),
      hide: ['customers.password_hash'],
    });
    registry = sqlRegistry(engine, { timeoutMs: 1_000 });
    before = await digest();
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
    await admin?.end();
    await server?.stop();
  });

  it('refuses to start as a superuser, who could run programs inside a read-only transaction', async () => {
    await expect(openPostgres({ connectionString: server.url })).rejects.toThrow(
      /connects as "postgres", a superuser and .*: inside a read-only transaction it can still run programs and read files\. Connect as a role that may only read/,
    );
  });

  it('refuses to hide a column the role can still read', async () => {
    await expect(
      openPostgres({ connectionString: server.urlFor('reader'), hide: ['orders.total_cents'] }),
    ).rejects.toThrow('hide: "orders.total_cents" is readable by "reader"; revoke it');
  });

  it('puts the dialect and server version into run_query’s description', () => {
    expect(registry.get('run_query')?.description).toMatch(/Dialect: PostgreSQL 15\.\d+/);
  });

  it('reads sample rows in a read-only transaction: a view over nextval() does not advance its sequence', async () => {
    const { engine: own, registry: tickets } = await freshDatabase(
      'tickets',
      `CREATE SEQUENCE ticket_seq;
       CREATE VIEW tickets AS SELECT nextval('ticket_seq') AS ticket, g AS n FROM generate_series(1, 3) AS g;
       GRANT SELECT ON tickets TO reader; GRANT USAGE, UPDATE ON SEQUENCE ticket_seq TO reader;`,
      { sampleRows: 3 },
    );
    try {
      const described = await tickets.call('describe_table', { table: 'tickets' });
      expect(await asAdmin('tickets', 'SELECT last_value, is_called FROM ticket_seq')).toEqual([
        { last_value: '1', is_called: false },
      ]);
      expect(String(described.content)).toContain(
        'columns:\n  ticket bigint\n  n integer\nsample rows: not read (cannot execute nextval() in a read-only transaction)',
      );
    } finally {
      await own.close();
    }
  });

  it('lists the tables it may read, with counts and comments', async () => {
    expect((await call('list_tables', {})).text).toBe(
      'customers (table, 2 rows) — People who ordered\norders (table, 1000 rows)',
    );
  });

  it('describes a table without its hidden column, and never splices the name into SQL', async () => {
    const customers = (await call('describe_table', { table: 'customers' })).text;
    expect(customers).toContain('email text, not null');
    expect(customers).not.toContain('password_hash');
    const orders = (await call('describe_table', { table: 'orders' })).text;
    expect(orders).toContain('(customer_id) references customers(id)');
    expect(orders).toContain('orders_by_customer (customer_id)');
    const injected = await call('describe_table', { table: 'users); DROP TABLE orders; --' });
    expect(injected.isError).toBe(true);
    expect(injected.text).toContain('No table named');
  });

  it('answers a query as a compact table, cut with a note on how to narrow', async () => {
    expect((await query('SELECT id, name FROM customers ORDER BY id')).text).toBe(
      'id | name\n1 | Ada\n2 | Grace\n(2 rows)',
    );
    const big = await query('SELECT generate_series(1, 1e8) AS n');
    expect(big.text).toContain(
      '(truncated: showing 50 of more than 10000 rows; add a WHERE clause',
    );
  });

  it('writes each row as its cells render, whatever the types (the wire text kept where it reads the same)', async () => {
    const sql = `SELECT i::int2 AS small, (i * -70000)::int4 AS n, i::int8 AS big, i / 4.0 AS num,
        i * 1.5::float8 AS f, (i % 2 = 0) AS b, CASE WHEN i = 2 THEN NULL ELSE 'a|b' || chr(10) || i END AS t,
        repeat('x', 250 + i) AS long, now()::date - i AS d, json_build_object('k', i) AS j, '-0'::float8 AS z
      FROM generate_series(1, 3) AS i`;
    const budget = { maxRows: 10, countLimit: 10, maxCellChars: 200, timeoutMs: 5_000 };
    const read = async () => {
      const answer = await engine.query(sql, budget);
      if (!answer.ok) throw new Error(answer.failure.message);
      return answer.rows;
    };
    const rows = await read();
    expect(rows.lines).toEqual(rows.rows.map(rowLine));
    expect(rows.lines![0]).toMatch(
      /^1 \| -70000 \| 1 \| 0\.25000000000000000000 \| 1\.5 \| false \| a\\\|b\\n1 \| x{200}… \|/,
    );
    expect(rows.lines![1]).toContain(' | NULL | ');
    // A parser of the application's own (pg.types) decides the cell, and the line follows it.
    const int4 = types.getTypeParser(23);
    types.setTypeParser(23, (text: string) => Number(text) * 2);
    try {
      const doubled = await read();
      expect(doubled.rows[0]![1]).toBe(-140000);
      expect(doubled.lines).toEqual(doubled.rows.map(rowLine));
    } finally {
      types.setTypeParser(23, int4);
    }
  });

  it('reads each row as the driver decodes it: any text, NULLs, notices between rows, rows longer than one read', async () => {
    const { engine: own } = await freshDatabase(
      'decoded',
      `CREATE FUNCTION noisy(i int) RETURNS int LANGUAGE plpgsql AS $$ BEGIN RAISE NOTICE 'row %', i; RETURN i; END $$;`,
    );
    try {
      // Rows of 80 to 160 KB (several socket reads each), ASCII or not, a notice before each.
      const sql = `SELECT noisy(i) AS i,
          CASE i % 3 WHEN 0 THEN 'café ' || i WHEN 1 THEN '😀|' || chr(10) || '日本' END AS t,
          repeat(CASE WHEN i % 2 = 0 THEN 'é' ELSE 'e' END, 40000 * (i % 3)) || '😀' AS long
        FROM generate_series(1, 6) AS i`;
      const driver = await asAdmin('decoded', sql);
      const expected = driver.map((row) => Object.values(row));
      const budget = { maxRows: 10, countLimit: 10, maxCellChars: 200_000, timeoutMs: 5_000 };
      // Twice on the pool's one connection: the second call reads where the first gave back.
      for (let call = 0; call < 2; call++) {
        const answer = await own.query(sql, budget);
        if (!answer.ok) throw new Error(answer.failure.message);
        expect(answer.rows.rows).toEqual(expected);
        expect(answer.rows.lines).toEqual(answer.rows.rows.map(rowLine));
        expect(answer.rows.lines![0]).toBe(`1 | 😀\\|\\n日本 | ${'e'.repeat(40_000)}😀`);
        expect(answer.rows.lines![2]).toBe(`3 | café 3 | 😀`);
        expect(answer.rows.lines![4]).toBe(`5 | NULL | ${'e'.repeat(80_000)}😀`);
      }
      // Many rows a read: ASCII ones (sliced from one decode of the read), then others.
      const many = `SELECT i, CASE WHEN i > 2500 THEN 'é' || i ELSE 'e' || i END AS t, NULL AS n
        FROM generate_series(1, 4000) AS i`;
      const manyRows = (await asAdmin('decoded', many)).map((row) => Object.values(row));
      const wide = { maxRows: 4_000, countLimit: 4_000, maxCellChars: 200, timeoutMs: 5_000 };
      const read = await own.query(many, wide);
      expect(read.ok && read.rows.rows).toEqual(manyRows);
      expect(read.ok && read.rows.lines!.slice(2499, 2501)).toEqual([
        '2500 | e2500 | NULL',
        '2501 | é2501 | NULL',
      ]);
      // A statement failing after its first rows were sent, then the connection serves again.
      const failed = await own.query(
        'SELECT 1 / (8 - i) AS n, repeat(chr(233), 100) AS t FROM generate_series(1, 5000) AS i',
        budget,
      );
      expect(failed).toEqual({
        ok: false,
        failure: { kind: 'sql', message: 'division by zero' },
      });
      const again = await own.query('SELECT 7 AS seven', budget);
      expect(again.ok && again.rows.lines).toEqual(['7']);
    } finally {
      await own.close();
    }
  });

  it('cuts a long value at a code point, never inside an emoji', async () => {
    const outcome = await query(`SELECT repeat('x', 199) || '😀' || repeat('y', 50) AS v`);
    // The cell's first 200 units end in the emoji's first half: the cut steps back before it.
    expect(outcome.text).toBe(
      `v\n${'x'.repeat(199)}…\n(1 row)\n(1 long value was cut; select substr(column, 1, n) or length(column) instead)`,
    );
  });

  it('answers when the pool’s own query_timeout gives up while rows still arrive, and serves the next call', async () => {
    const timed = await openPostgres({
      connectionString: server.urlFor('reader'),
      poolSize: 1,
      pool: { query_timeout: 100 },
    });
    try {
      // Rows of 100 KB (each more than one read), one every 20 ms, past the 100 ms.
      const sql = `SELECT g, repeat('x', 100000) AS big, pg_sleep(0.02) FROM generate_series(1, 30) AS g`;
      const budget = { maxRows: 50, countLimit: 50, maxCellChars: 10, timeoutMs: 5_000 };
      const answer = await timed.query(sql, budget);
      expect(answer).toEqual({
        ok: false,
        failure: {
          kind: 'sql',
          message:
            'the database could not run the query (connection lost or refused); try again later',
        },
      });
      const next = await timed.query('SELECT 8 AS eight', budget);
      expect(next.ok && next.rows.lines).toEqual(['8']);
    } finally {
      await timed.close();
    }
  });

  it('serves queries when the pool options ask for pg’s pipeline mode', async () => {
    const piped = await openPostgres({
      connectionString: server.urlFor('reader'),
      pool: { pipeline: true },
    });
    try {
      const budget = { maxRows: 5, countLimit: 5, maxCellChars: 200, timeoutMs: 5_000 };
      const answer = await piped.query('SELECT 9 AS nine', budget);
      expect(answer.ok && answer.rows.lines).toEqual(['9']);
    } finally {
      await piped.close();
    }
  });

  it('returns SQL errors with the server message and position', async () => {
    expect(await query('SELECT nme FROM orders')).toEqual({
      isError: true,
      text: 'PostgreSQL error at character 8: column "nme" does not exist; fix the query and try again',
    });
  });

  it.each([
    ['a second statement', 'SELECT 1; DELETE FROM orders'],
    ['COMMIT and a second statement', 'COMMIT; DROP TABLE orders'],
    ['a second statement after a leading comment', '/*c*/ SELECT 1; DELETE FROM orders'],
    ['a write the role may do', 'DELETE FROM orders'],
    ['a writing CTE', 'WITH d AS (DELETE FROM orders RETURNING *) SELECT count(*) FROM d'],
    ['COPY TO PROGRAM', "COPY (SELECT 1) TO PROGRAM 'touch /tmp/toolwright-pwned'"],
    ['pg_read_file', "SELECT pg_read_file('/etc/passwd')"],
    ['LOCK of a table the role only reads', 'LOCK TABLE customers IN ACCESS EXCLUSIVE MODE'],
    ['a hidden column by SELECT *', 'SELECT * FROM customers'],
    ['a hidden column in an expression', 'SELECT upper(password_hash) FROM customers'],
  ])('refuses %s', async (_what, sql) => {
    const outcome = await query(sql);
    expect(outcome.isError).toBe(true);
    expect(outcome.text).not.toMatch(/hash-ada|postgres:\/\/|127\.0\.0\.1|at Object/);
  });

  it('names the columns it may read when SELECT * or a hidden column meets column privileges', async () => {
    const denied =
      'PostgreSQL error: permission denied for table customers: it has hidden columns; select only id, name, email (not * nor a hidden column); fix the query and try again';
    expect(await query('SELECT * FROM customers')).toEqual({ isError: true, text: denied });
    expect(await query('SELECT c.password_hash FROM customers AS c')).toEqual({
      isError: true,
      text: denied,
    });
    expect((await query('SELECT id, name, email FROM customers ORDER BY id LIMIT 1')).text).toBe(
      'id | name | email\n1 | Ada | ada@example.com\n(1 row)',
    );
    const { engine: own, registry: onViews } = await freshDatabase(
      'views',
      `CREATE VIEW people AS SELECT 1 AS id, 'secret' AS token;
       GRANT SELECT (id) ON people TO reader;`,
    );
    try {
      expect(
        String((await onViews.call('run_query', { query: 'SELECT * FROM people' })).content),
      ).toBe(
        'PostgreSQL error: permission denied for view people: it has hidden columns; select only id (not * nor a hidden column); fix the query and try again',
      );
    } finally {
      await own.close();
    }
  });

  it('allows a trailing comment after the one statement', async () => {
    expect((await query('SELECT 1 AS one -- done')).text).toBe('one\n1\n(1 row)');
  });

  it('undoes a session setting of one call before the next: read-only and the time limit hold', async () => {
    await query('SET default_transaction_read_only = off');
    expect((await query('DELETE FROM orders')).isError).toBe(true);
    await query("SELECT set_config('statement_timeout', '0', false)");
    const sleep = await strictQuery('SELECT pg_sleep(60)');
    expect(sleep.text).toMatch(/^Stopped: the query ran longer than 300 ms/);
  });

  it('ends a LOCK with the call (ROLLBACK), even on a table the role could write', async () => {
    await query('LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
    await admin.query(
      "BEGIN; SET LOCAL lock_timeout = '1s'; LOCK TABLE orders IN ACCESS EXCLUSIVE MODE",
    );
    await admin.query('ROLLBACK');
  });

  it('releases advisory locks before the connection goes back to the pool', async () => {
    const one = await openPostgres({ connectionString: server.urlFor('reader'), poolSize: 1 });
    try {
      const onOne = sqlRegistry(one);
      expect(
        (await onOne.call('run_query', { query: 'SELECT pg_advisory_lock(42)' })).isError,
      ).toBe(false);
      // The pool's one connection serves the next call only once it is back in the pool.
      await onOne.call('run_query', { query: 'SELECT 1' });
      const { rows } = await admin.query('SELECT pg_try_advisory_lock(42) AS got');
      expect(rows[0].got).toBe(true);
      await admin.query('SELECT pg_advisory_unlock(42)');
      // A statement that takes the lock, then fails: the failure is answered after the unlock.
      const failing = 'SELECT pg_advisory_lock(43), 1 / (g - 2) FROM generate_series(1, 2) AS g';
      expect((await onOne.call('run_query', { query: failing })).isError).toBe(true);
      const after = await admin.query('SELECT pg_try_advisory_lock(43) AS got');
      expect(after.rows[0].got).toBe(true);
      await admin.query('SELECT pg_advisory_unlock(43)');
    } finally {
      await one.close();
    }
  });

  it('runs each call read-only, within its time limit, in a session that ends an idle transaction', async () => {
    const shown = await query(
      "SELECT current_setting('transaction_read_only') AS ro, current_setting('statement_timeout') AS limit_, current_setting('idle_in_transaction_session_timeout') AS idle",
    );
    expect(shown.text).toBe('ro | limit_ | idle\non | 1s | 15s\n(1 row)');
  });

  it('rolls back each call, so a session setting made in one never reaches the next', async () => {
    const one = await openPostgres({ connectionString: server.urlFor('reader'), poolSize: 1 });
    try {
      const onOne = sqlRegistry(one);
      await onOne.call('run_query', {
        query: "SELECT set_config('search_path', 'pg_catalog', false)",
      });
      const shown = await onOne.call('run_query', { query: 'SHOW search_path' });
      expect(String(shown.content)).toBe('search_path\n"$user", public\n(1 row)');
    } finally {
      await one.close();
    }
  });

  describe('leaves no session state to the next call on the same connection', () => {
    let own: SqlEngine;
    let onOne: ToolRegistry;
    const run = async (sql: string) =>
      String((await onOne.call('run_query', { query: sql })).content);
    beforeAll(async () => {
      ({ engine: own, registry: onOne } = await freshDatabase('sessions', ''));
    });
    afterAll(() => own?.close());

    it.each([
      [
        'a prepared statement',
        'PREPARE p AS SELECT 42 AS answer',
        'SELECT count(*)::int AS n FROM pg_prepared_statements',
      ],
      [
        'a cursor WITH HOLD',
        'DECLARE c CURSOR WITH HOLD FOR SELECT 42',
        "SELECT count(*)::int AS n FROM pg_cursors WHERE name = 'c'",
      ],
      ['a LISTEN', 'LISTEN news', 'SELECT count(*)::int AS n FROM pg_listening_channels()'],
      [
        'a SET',
        "SET work_mem = '77kB'",
        "SELECT count(*)::int AS n FROM pg_settings WHERE name = 'work_mem' AND setting = '77'",
      ],
      [
        'a temporary table (refused in a read-only transaction)',
        'CREATE TEMP TABLE scratch (a int)',
        "SELECT count(*)::int AS n FROM pg_class WHERE relpersistence = 't'",
      ],
      [
        'an advisory lock',
        'SELECT pg_advisory_lock(7)',
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()",
      ],
    ])('%s', async (_what, leave, check) => {
      await run(leave);
      expect(await run(check)).toBe('n\n0\n(1 row)');
    });

    it('runs the same PREPARE twice, and never a previous call’s prepared statement', async () => {
      expect(await run('PREPARE again AS SELECT 1')).toBe(
        'The statement ran and returned no columns.',
      );
      expect(await run('PREPARE again AS SELECT 1')).toBe(
        'The statement ran and returned no columns.',
      );
      expect(await run('EXECUTE again')).toBe(
        'PostgreSQL error: prepared statement "again" does not exist; fix the query and try again',
      );
    });
  });

  it('refuses COPY to or from the client, whose data is no result (and keeps serving)', async () => {
    for (const sql of ['COPY (SELECT 1) TO STDOUT', 'COPY orders FROM STDIN']) {
      const outcome = await query(sql);
      expect(outcome.isError).toBe(true);
      expect(outcome.text).toMatch(/^Stopped: (COPY cannot run here|cannot execute COPY FROM)/);
    }
    expect((await query('SELECT 3 AS three')).text).toBe('three\n3\n(1 row)');
  });

  it('tells a result of more rows than it counts from one of exactly that many', async () => {
    const counting = sqlRegistry(engine, { maxRows: 100, countLimit: 100 });
    const read = async (limit: number) =>
      String(
        (await counting.call('run_query', { query: `SELECT id FROM orders LIMIT ${limit}` }))
          .content,
      )
        .split('\n')
        .pop();
    expect(await read(100)).toBe('(100 rows)');
    expect(await read(101)).toMatch(/^\(truncated: showing 100 of more than 100 rows; /);
  });

  it('stops a runaway query at the time limit, saying how to narrow', async () => {
    const outcome = await strictQuery('SELECT count(*) FROM generate_series(1, 1e10)');
    expect(outcome.text).toMatch(
      /^Stopped: the query ran longer than 300 ms and was stopped; add a WHERE clause or a LIMIT/,
    );
  });

  it("cancels a running query when the call's signal aborts", async () => {
    const slow = sqlRegistry(engine, { timeoutMs: 60_000 });
    const controller = new AbortController();
    const running = slow.call(
      'run_query',
      { query: 'SELECT pg_sleep(60)' },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(), 100);
    const outcome = await running;
    expect(outcome.isError).toBe(true);
    expect((await query('SELECT 2 AS two')).text).toBe('two\n2\n(1 row)');
  });

  it('answers at the shorter of the two limits: the call’s (through the signal) or the budget’s', async () => {
    const running = () =>
      admin.query(
        "SELECT 1 FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(30)' AND state = 'active'",
      );
    // The call's limit is the shorter: the registry answers, and the signal stops the statement.
    const sql = sqlRegistry(engine, { timeoutMs: 60_000 });
    const outcome = await sql.call(
      'run_query',
      { query: 'SELECT pg_sleep(30)' },
      { signal: AbortSignal.timeout(10_000), timeoutMs: 200 },
    );
    expect(outcome).toMatchObject({
      isError: true,
      content: 'Tool "run_query" timed out after 200 ms',
    });
    await until(async () => (await running()).rowCount === 0, 'the statement to be cancelled');
    // The budget's is the shorter: the engine stops the statement and the tool says how to narrow.
    const budgeted = await sqlRegistry(engine, { timeoutMs: RUNAWAY_LIMIT_MS }).call(
      'run_query',
      { query: 'SELECT pg_sleep(30)' },
      { timeoutMs: 10_000 },
    );
    expect(String(budgeted.content)).toMatch(
      /^Stopped: the query ran longer than 300 ms and was stopped; add a WHERE clause or a LIMIT/,
    );
  });

  describe("stops a catalog read when the call's signal aborts, and serves the next call", () => {
    // Counting orders (list_tables) or reading its sample rows (describe_table) waits for the lock.
    it.each([
      ['list_tables', (signal: AbortSignal) => engine.listTables('orders', signal)],
      ['describe_table', (signal: AbortSignal) => engine.describeTable('orders', 3, signal)],
    ])('%s', async (_tool, read) => {
      const locker = new Client({ connectionString: server.url });
      await locker.connect();
      try {
        await locker.query('BEGIN; LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
        const controller = new AbortController();
        const reading = read(controller.signal);
        const waiting = async () =>
          (
            await admin.query(
              "SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = 'reader' AND wait_event_type = 'Lock'",
            )
          ).rows[0].n as number;
        await until(async () => (await waiting()) === 1, 'the catalog read waiting for the lock');
        controller.abort();
        await expect(reading).rejects.toBeInstanceOf(SqlStopped);
        expect(await waiting()).toBe(0);
        expect((await query('SELECT 6 AS six')).text).toBe('six\n6\n(1 row)');
      } finally {
        await locker.query('ROLLBACK');
        await locker.end();
      }
    });
  });

  it('bounds values in size', async () => {
    const outcome = await query("SELECT length(repeat('x', 2000000000))");
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toContain('select a part of it (substr), its length, or an aggregate');
  });

  describe('bounds the bytes a call reads, before they are parsed', () => {
    /** The most the process's memory (resident) grew above where it started while `work` ran. */
    const peakGrowth = async (work: () => Promise<unknown>) => {
      global.gc?.();
      const start = process.memoryUsage.rss();
      let peak = start;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
      try {
        await work();
      } finally {
        clearInterval(sampler);
      }
      return (Math.max(peak, process.memoryUsage.rss()) - start) / 2 ** 20;
    };
    const patient = () => sqlRegistry(engine, { timeoutMs: 5_000 });

    it('refuses a row of 5 MB before reading it (10,001 of them), and the server stops sending', async () => {
      let text = '';
      const grew = await peakGrowth(async () => {
        const outcome = await patient().call('run_query', {
          query: "SELECT g, repeat('x', 5000000) AS big FROM generate_series(1, 10001) AS g",
        });
        text = String(outcome.content);
      });
      // Reading the rows until the time limit grew the process by about 290 MB.
      expect(grew).toBeLessThan(64);
      expect(text).toBe(
        'Stopped: a row of the result has 4.8 MiB, more than the 1 MiB a row may have; a value grew past the size limit; select a part of it (substr), its length, or an aggregate',
      );
      await until(
        async () =>
          (
            await admin.query(
              "SELECT 1 FROM pg_stat_activity WHERE query LIKE '%repeat(''x'', 5000000)%' AND pid <> pg_backend_pid()",
            )
          ).rowCount === 0,
        'the server to end the statement',
      );
      expect((await query('SELECT 4 AS four')).text).toBe('four\n4\n(1 row)');
    });

    it('stops counting at the bytes a call may read (16 MiB), answering with the rows so far', async () => {
      let text = '';
      const grew = await peakGrowth(async () => {
        const outcome = await patient().call('run_query', {
          query: "SELECT g, repeat('x', 500000) AS big FROM generate_series(1, 10001) AS g",
        });
        text = String(outcome.content);
      });
      // Before, the call read until the time limit and answered only that it was stopped.
      expect(text.split('\n').slice(-2)).toEqual([
        '(truncated: showing 33 of more than 33 rows; add a WHERE clause, a LIMIT, or an aggregate (COUNT, GROUP BY) to see what you need)',
        '(33 long values were cut; select substr(column, 1, n) or length(column) instead)',
      ]);
      expect(grew).toBeLessThan(64);
      expect((await query('SELECT 5 AS five')).text).toBe('five\n5\n(1 row)');
    });
  });

  it('bounds describe_table’s sample rows in bytes: a 20 MB value is refused before it is read', async () => {
    const { engine: own, registry: described } = await freshDatabase(
      'blobs',
      `CREATE VIEW blobs AS SELECT g AS id, repeat('x', 20000000) AS body FROM generate_series(1, 5) AS g;
       GRANT SELECT ON blobs TO reader;`,
      { sampleRows: 5 },
    );
    try {
      global.gc?.();
      const start = process.memoryUsage.rss();
      let peak = start;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
      let text = '';
      try {
        text = String((await described.call('describe_table', { table: 'blobs' })).content);
      } finally {
        clearInterval(sampler);
      }
      // Before, the five rows were read whole (the process grew by about 160 MB) to show 200
      // characters of each.
      expect((Math.max(peak, process.memoryUsage.rss()) - start) / 2 ** 20).toBeLessThan(64);
      expect(text).toContain(
        'columns:\n  id integer\n  body text\nsample rows: not read (a row of the result has 19.1 MiB, more than the 1 MiB a row may have)',
      );
      // The connection the read cut is discarded: the pool's next call gets a new one.
      expect(
        String((await described.call('run_query', { query: 'SELECT 6 AS six' })).content),
      ).toBe('six\n6\n(1 row)');
    } finally {
      await own.close();
    }
  });

  it('keeps every budget with 100 concurrent queries on a pool of 10', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        query(`SELECT g, ${i} AS call FROM generate_series(1, 200) AS g`),
      ),
    );
    expect(outcomes.every((o) => !o.isError && o.text.includes('showing 50 of 200 rows'))).toBe(
      true,
    );
  });

  it('leaves the data and the schema as they were after every attack', async () => {
    expect(await digest()).toEqual(before);
  });
});
