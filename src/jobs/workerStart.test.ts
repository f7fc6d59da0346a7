/**
 * `startToolWorker` on a Redis it cannot reach fails its start, within `startTimeoutMs`, with
 * an error naming the address (never the password) and the cause, and leaves nothing running:
 * the process ends by itself. A Redis that comes up within the limit is used as if it had
 * been there all along.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Redis from 'ioredis';
import { ToolRegistry } from '../registry/ToolRegistry';
import { describeWithServer } from '../../test/describeWithServer';
import { freePort, redisMissing, startRedisServer } from '../../test/startRedisServer';
import type { RedisServer } from '../../test/startRedisServer';
import { ReportService } from './__fixtures__/ReportService';
import { startToolWorker } from './startToolWorker';
import { ToolJobs } from './ToolJobs';
import { FROM_SOURCE } from '../../test/fromSource';

const ROOT = join(__dirname, '..', '..');

/** Runs `startUnreachable.ts`; resolves with its exit code and output once it ends by itself. */
function runUntilItEnds(
  redisUrl: string,
  startTimeoutMs: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(
    process.execPath,
    [
      ...FROM_SOURCE,
      join(__dirname, '__fixtures__', 'startUnreachable.ts'),
      redisUrl,
      String(startTimeoutMs),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    // A bound on the test, not a measurement: a process kept alive by a leftover handle
    // would otherwise hang the suite until Jest's own timeout.
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the process did not end by itself; it printed: ${stdout}${stderr}`));
    }, 40_000);
    child.once('exit', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('startToolWorker on a Redis it cannot reach', () => {
  it('rejects naming the address and the cause, logs the errors, and leaves nothing running', async () => {
    const port = await freePort();
    const { code, stdout, stderr } = await runUntilItEnds(
      `redis://:s3cret@127.0.0.1:${port}`,
      1000,
    );

    expect(stderr).toBe('');
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as {
      name: string;
      message: string;
      cause?: string;
      warnings: string[];
    };
    expect(result.name).toBe('RedisUnreachableError');
    expect(result.message).toBe(
      `cannot reach Redis at 127.0.0.1:${port} within 1000 ms (last error: connect ECONNREFUSED 127.0.0.1:${port}); check the connection (the URL, or host and port) and that Redis is up`,
    );
    expect(result.cause).toBe(`connect ECONNREFUSED 127.0.0.1:${port}`);
    // Each new error once, not once per retry.
    expect(result.warnings).toEqual([
      `toolwright/jobs worker: cannot reach Redis at 127.0.0.1:${port} yet (connect ECONNREFUSED 127.0.0.1:${port}); retrying`,
    ]);
    expect(stdout).not.toContain('s3cret');
  }, 60_000);
});

describeWithServer(redisMissing, 'startToolWorker before Redis is up', () => {
  let redis: RedisServer | undefined;
  let client: Redis | undefined;
  let jobs: ToolJobs | undefined;

  afterAll(async () => {
    await jobs?.close();
    await client?.quit();
    await redis?.stop();
  });

  it('starts once Redis comes up within the limit, and runs jobs', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const warnings: string[] = [];
    let serverUp: Promise<RedisServer> | undefined;
    const logger = {
      // Redis comes up once the worker has said it cannot reach it.
      warn: (message: string) => {
        warnings.push(message);
        serverUp ??= startRedisServer(port);
      },
    };
    const registry = new ToolRegistry();
    const starting = startToolWorker(registry, {
      connection: url,
      startTimeoutMs: 30_000,
      logger,
    });
    const worker = await starting;
    redis = await serverUp!;
    expect(warnings[0]).toBe(
      `toolwright/jobs worker: cannot reach Redis at 127.0.0.1:${port} yet (connect ECONNREFUSED 127.0.0.1:${port}); retrying`,
    );

    client = new Redis(url);
    jobs = new ToolJobs({ connection: url });
    registry.register(new ReportService(client));
    const caller = new ToolRegistry({ jobs }).register(new ReportService(client));
    await client.set('gate:2026-01', 'open');
    try {
      expect(
        await caller.call('export_orders', { month: '2026-01' }, { timeoutMs: 20_000 }),
      ).toEqual({
        content: 'Exported the orders of 2026-01 to exports/2026-01.csv',
        isError: false,
      });
    } finally {
      await worker.close();
    }
  }, 60_000);
});
