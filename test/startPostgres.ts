/**
 * A real PostgreSQL server for the suites that need one: a fresh cluster in a temporary directory
 * and `pg_ctl start` on a free loopback port, trust authentication, stopped and removed after.
 * The cluster is a copy of one `initdb` made once per machine (a template under the temporary
 * directory, named after the binaries and initdb's options): copying 40 MB takes a fraction of
 * the second or more initdb waits for on its bootstrap processes.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user (Debian's
 * package creates it). Where the binaries are missing (CI installs the Debian package
 * `postgresql` in `.ci/run`), `postgresMissing` says why, for `describeWithServer`.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running server: how to connect as its superuser, and how to stop it. */
export interface PostgresServer {
  host: string;
  port: number;
  /** A connection string for the superuser `postgres`, database `postgres`. */
  url: string;
  /** A connection string for `user` on `database`. */
  urlFor(user: string, database?: string): string;
  stop(): Promise<void>;
}

/** The newest `/usr/lib/postgresql/<version>/bin` holding initdb and pg_ctl. */
function findBin(): string | undefined {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter(
      (v) =>
        existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')),
    )
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

const BIN = findBin();
const asRoot = process.getuid?.() === 0;

/** Why the PostgreSQL tests cannot run here, or undefined when they can. */
export const postgresMissing: string | undefined = BIN
  ? undefined
  : 'PostgreSQL is not installed (apt-get install -y postgresql: initdb and pg_ctl under /usr/lib/postgresql/*/bin); the PostgreSQL tests are skipped';

/** Runs a PostgreSQL binary (as `postgres` when we are root); throws with its output on failure. */
function run(binary: string, args: string[]): void {
  const command = asRoot ? 'runuser' : join(BIN!, binary);
  const argv = asRoot ? ['-u', 'postgres', '--', join(BIN!, binary), ...args] : args;
  const result = spawnSync(command, argv, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${binary} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A temporary directory the server's user owns (`postgres` when we are root). */
function serverDirectory(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (asRoot) {
    const { uid, gid } = {
      uid: Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout),
      gid: Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout),
    };
    chownSync(dir, uid, gid);
  }
  return dir;
}

const INITDB_OPTIONS = ['-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'];

/**
 * The template cluster, made by `initdb` on first use: in a directory of its own, then renamed
 * into place, so a suite in another worker sees a whole cluster or none (the rename of the
 * second to finish fails, and its copy is removed).
 */
function templateCluster(): string {
  const key = createHash('sha256')
    .update(`${BIN}\0${INITDB_OPTIONS.join('\0')}\0${process.getuid?.()}`)
    .digest('hex')
    .slice(0, 16);
  const template = join(tmpdir(), `toolwright-pg-template-${key}`);
  if (existsSync(join(template, 'PG_VERSION'))) return template;
  const dir = serverDirectory('toolwright-pg-initdb-');
  try {
    run('initdb', ['-D', join(dir, 'data'), ...INITDB_OPTIONS]);
    renameSync(join(dir, 'data'), template);
  } catch (error) {
    if (!existsSync(join(template, 'PG_VERSION'))) throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return template;
}

/** Copies the template cluster to `data` (owner and modes kept, as PostgreSQL requires). */
function copyCluster(data: string): void {
  const copy = spawnSync('cp', ['-a', templateCluster(), data], { encoding: 'utf8' });
  if (copy.status !== 0) throw new Error(`cp of the template cluster failed: ${copy.stderr}`);
}

/** Starts a fresh cluster (a copy of the template) on a free loopback port. */
export async function startPostgres(): Promise<PostgresServer> {
  const dir = serverDirectory('toolwright-pg-');
  const data = join(dir, 'data');
  copyCluster(data);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stopServer = (): void => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const onExit = (): void => stopServer();
  process.once('exit', onExit);
  const urlFor = (user: string, database = 'postgres') =>
    `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/${database}`;
  return {
    host: '127.0.0.1',
    port,
    url: urlFor('postgres'),
    urlFor,
    stop: async () => {
      process.removeListener('exit', onExit);
      stopServer();
    },
  };
}
