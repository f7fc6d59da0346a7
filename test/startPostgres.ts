/**
 * A real PostgreSQL server for the suites that need one: `initdb` in a temporary directory and
 * `pg_ctl start` on a free loopback port, trust authentication, stopped and removed after.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user (Debian's
 * package creates it). Where the binaries are missing (CI installs the Debian package
 * `postgresql` in `.ci/run`), `postgresMissing` says why, for `describeWithServer`.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

/** Initialises a cluster in a temporary directory and starts it on a free loopback port. */
export async function startPostgres(): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), 'toolwright-pg-'));
  if (asRoot) {
    const { uid, gid } = {
      uid: Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout),
      gid: Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout),
    };
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
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
