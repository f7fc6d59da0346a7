// Runs one read-only SQL statement on a copy of the shop database, in a worker thread so that
// a runaway query (an endless recursive CTE under an aggregate) can be stopped by terminating
// the worker. The connection is read-only by SQLite's own `PRAGMA query_only`.
const { parentPort, workerData } = require('node:worker_threads');
const initSqlJs = require('sql.js');

const { bytes, query, maxRows, countLimit, maxCell } = workerData;

/** One cell as text: NULL spelled out, blobs summarised, long text cut. */
function renderCell(value) {
  if (value === null) return 'NULL';
  if (value instanceof Uint8Array) return `<blob ${value.length} bytes>`;
  const text = String(value).replace(/\s+/g, ' ');
  return text.length > maxCell ? `${text.slice(0, maxCell)}…` : text;
}

/** The query's statements (their SQL), stopping at the second: one per call is allowed. */
function statementsOf(db) {
  const found = [];
  for (const statement of db.iterateStatements(query)) {
    found.push(statement.getSQL());
    if (found.length > 1) break;
  }
  return found;
}

function run(SQL) {
  const db = new SQL.Database(bytes);
  try {
    db.run('PRAGMA query_only = ON');
    const statements = statementsOf(db);
    if (statements.length === 0) return { ok: false, refusal: 'The query holds no SQL statement' };
    if (statements.length > 1) {
      return {
        ok: false,
        refusal: 'run_query runs one statement per call; send the others separately',
      };
    }
    const statement = db.prepare(statements[0]);
    try {
      const rows = [];
      let total = 0;
      while (total < countLimit && statement.step()) {
        total++;
        if (rows.length < maxRows) rows.push(statement.get().map(renderCell));
      }
      const more = total >= countLimit && statement.step();
      return { ok: true, columns: statement.getColumnNames(), rows, total, more };
    } finally {
      statement.free();
    }
  } catch (error) {
    return { ok: false, sqliteError: error instanceof Error ? error.message : String(error) };
  } finally {
    db.close();
  }
}

initSqlJs().then(
  (SQL) => parentPort.postMessage(run(SQL)),
  (error) => parentPort.postMessage({ ok: false, sqliteError: String(error) }),
);
