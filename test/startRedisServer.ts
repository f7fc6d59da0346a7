/**
 * A real `redis-server` for the suites that need Redis: started on a free loopback port with no
 * persistence, stopped after. Where the binary is missing (CI installs the Debian package
 * `redis-server` in `.ci/run`), `redisMissing` says why, and `describeWithServer` fails the
 * suite in CI and skips it, loudly, elsewhere.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A running server: its URL and how to stop it. */
export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const BINARY = process.env.REDIS_SERVER_BIN ?? 'redis-server';

/** Why the Redis tests cannot run here, or undefined when `redis-server` is available. */
export const redisMissing: string | undefined = (() => {
  const probe = spawnSync(BINARY, ['--version'], { encoding: 'utf8' });
  return probe.error || probe.status !== 0
    ? `${BINARY} is not installed (apt-get install -y redis-server); the Redis tests are skipped`
    : undefined;
})();

/**
 * A loopback port nobody listens on right now (one the OS just gave and took back): where a
 * server is about to start, or where a client finds no Redis at all.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves once the server says it accepts connections; rejects if it exits first. */
function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    child.once('error', reject);
  });
}

function stopper(child: ChildProcess): () => Promise<void> {
  const onExit = (): void => void child.kill('SIGKILL');
  process.once('exit', onExit);
  return () =>
    new Promise((resolve) => {
      process.removeListener('exit', onExit);
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/**
 * Starts `redis-server` on a free loopback port (a few tries, should the port be taken), or on
 * `fixedPort` when given (a client already tries it); with `password`, it requires that one.
 */
export async function startRedisServer(
  fixedPort?: number,
  options: { password?: string } = {},
): Promise<RedisServer> {
  let lastError: unknown;
  for (let attempt = 0; attempt < (fixedPort === undefined ? 3 : 1); attempt++) {
    const port = fixedPort ?? (await freePort());
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      ...(options.password === undefined ? [] : ['--requirepass', options.password]),
    ];
    const child = spawn(BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stop = stopper(child);
    try {
      await ready(child);
      return { url: `redis://127.0.0.1:${port}`, port, stop };
    } catch (error) {
      lastError = error;
      await stop();
    }
  }
  throw lastError;
}
