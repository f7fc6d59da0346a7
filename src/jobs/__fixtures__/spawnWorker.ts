/** Starts `workerProcess.ts` in a child process and resolves once it takes jobs. */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { FROM_SOURCE } from '../../../test/fromSource';

const ROOT = join(__dirname, '..', '..', '..');

/** A worker process: its pid, and what kills it (SIGKILL, as a crash). */
export interface WorkerProcess {
  pid: number;
  kill(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/** Spawns a worker on `redisUrl` whose job locks last `lockMs` (`script`: another worker's). */
export async function spawnWorker(
  redisUrl: string,
  lockMs = 1000,
  script = join(__dirname, 'workerProcess.ts'),
): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [...FROM_SOURCE, script, redisUrl, String(lockMs)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited (${code}): ${output}`));
    });
  });
  return {
    pid: child.pid!,
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}
