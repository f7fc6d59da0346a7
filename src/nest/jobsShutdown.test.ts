/**
 * The Nest module closes what it is given to run (issue 28): an application whose module
 * options hold a `ToolJobs` (with or without the module's job worker) ends its process once
 * closed, with a real `redis-server` or with Redis unreachable, and on SIGTERM with shutdown
 * hooks; a worker that cannot reach Redis fails the bootstrap, and the process still ends. Each application runs in its own process (`__fixtures__/jobsApp.ts`), which nothing
 * ends but the application's own shutdown.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { describeWithServer } from '../../test/describeWithServer';
import { freePort, redisMissing, startRedisServer } from '../../test/startRedisServer';
import type { RedisServer } from '../../test/startRedisServer';
import { FROM_SOURCE } from '../../test/fromSource';

const ROOT = join(__dirname, '..', '..');

/** How a process ended. */
interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A started application: its process, what it printed, and how it ended. */
interface App {
  child: ChildProcess;
  output(): string;
  exited: Promise<Exit>;
}

/** Starts the fixture application; resolves once it printed `ready`. */
async function startApp(
  redisUrl: string,
  mode: 'close' | 'sigterm',
  worker: boolean,
): Promise<App> {
  const child = spawn(
    process.execPath,
    [
      ...FROM_SOURCE,
      join(__dirname, '__fixtures__', 'jobsApp.ts'),
      redisUrl,
      mode,
      worker ? 'worker' : 'no-worker',
    ],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start: ${printed}`)), 60_000);
    child.stdout!.on('data', () => {
      if (!printed.includes('ready')) return;
      clearTimeout(timer);
      resolve();
    });
    void exited.then(() => reject(new Error(`the app exited before it was ready: ${printed}`)));
  });
  return { child, output: () => printed, exited };
}

/** How the app ended, or a failure naming what it printed if it is still running after `ms`. */
async function endOf(app: App, what: string, ms = 20_000): Promise<Exit> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      app.child.kill('SIGKILL');
      reject(new Error(`the app still ran ${ms} ms after ${what}: ${app.output()}`));
    }, ms);
  });
  try {
    return await Promise.race([app.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

describeWithServer(redisMissing, 'ToolwrightModule closes the ToolJobs it was given', () => {
  let redis: RedisServer;

  beforeAll(async () => {
    redis = await startRedisServer();
  }, 30_000);
  afterAll(async () => {
    await redis?.stop();
  });

  it.each([
    ['with the module’s job worker', true],
    ['without a worker', false],
  ])(
    'ends the process once app.close() returns, %s',
    async (_title, worker) => {
      const app = await startApp(redis.url, 'close', worker);
      app.child.stdin!.end();
      expect(await endOf(app, 'app.close()')).toEqual({ code: 0, signal: null });
      expect(app.output()).toContain('closed');
    },
    90_000,
  );

  it('ends the process on SIGTERM with shutdown hooks', async () => {
    const app = await startApp(redis.url, 'sigterm', true);
    app.child.kill('SIGTERM');
    const exit = await endOf(app, 'SIGTERM');
    // Nest raises the signal again once its shutdown hooks ran.
    expect(exit.signal === 'SIGTERM' || exit.code === 0).toBe(true);
  }, 90_000);

  it('ends the process once closed while Redis is unreachable', async () => {
    const app = await startApp(`redis://127.0.0.1:${await freePort()}`, 'close', false);
    app.child.stdin!.end();
    expect(await endOf(app, 'app.close()')).toEqual({ code: 0, signal: null });
  }, 90_000);
});

describe('ToolwrightModule whose worker cannot reach Redis', () => {
  it('fails the bootstrap naming the address, and the process ends by itself', async () => {
    const port = await freePort();
    const child = spawn(
      process.execPath,
      [
        ...FROM_SOURCE,
        join(__dirname, '__fixtures__', 'jobsApp.ts'),
        `redis://127.0.0.1:${port}`,
        'start',
        'worker',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      printed += chunk.toString();
    });
    // The queue's own warning (no logger given) goes to stderr.
    child.stderr.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
    const exited = new Promise<Exit>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const app: App = { child, output: () => printed, exited };

    expect(await endOf(app, 'its bootstrap failed', 60_000)).toEqual({ code: 0, signal: null });
    expect(JSON.parse(stdout)).toEqual({
      name: 'RedisUnreachableError',
      message: expect.stringContaining(
        `cannot reach Redis at 127.0.0.1:${port} within 1000 ms (last error: connect ECONNREFUSED 127.0.0.1:${port})`,
      ),
    });
  }, 90_000);
});
