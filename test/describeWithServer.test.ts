/**
 * CI is honest about servers: with `redis-server` missing, a Redis suite fails under `CI` and is
 * skipped, saying why, on a laptop. Runs Jest on one Redis suite in a child process with the
 * binary pointed at a path that does not exist.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const SUITE = 'src/approvals/RedisApprovalStore.test.ts';

/** Runs Jest on the Redis suite without a redis-server; returns its exit code and output. */
function runWithoutRedis(ci: boolean): { status: number | null; output: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, REDIS_SERVER_BIN: '/nonexistent/redis-server' };
  delete env.CI;
  if (ci) env.CI = 'true';
  const run = spawnSync(
    process.execPath,
    [require.resolve('jest/bin/jest'), '--selectProjects', 'unit', '--runTestsByPath', SUITE],
    { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 },
  );
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

describe('a suite whose server is missing', () => {
  it('fails the run in CI, naming what to install', () => {
    const { status, output } = runWithoutRedis(true);
    expect(status).not.toBe(0);
    expect(output).toContain('apt-get install -y redis-server');
    expect(output).toContain('CI must install it');
  });

  it('is skipped, loudly, on a laptop', () => {
    const { status, output } = runWithoutRedis(false);
    expect(status).toBe(0);
    expect(output).toContain('[skipped]');
    expect(output).toMatch(/\d+ skipped/);
  });
});
