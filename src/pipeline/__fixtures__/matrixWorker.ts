/**
 * The guarantee matrix's worker process: registers `JobMatrixService` and runs its jobs until
 * killed, with the manifest codegen writes for it. Prints `ready` once it takes jobs. Arguments: redis URL, lock duration in ms.
 */
import 'reflect-metadata';
import Redis from 'ioredis';
import { ToolRegistry } from '../../registry/ToolRegistry';
import { startToolWorker } from '../../jobs/startToolWorker';
import { JobMatrixService } from './JobMatrixService';
import { jobMatrixManifest } from './jobMatrixManifest';

const [redisUrl, lockMs] = process.argv.slice(2) as string[];

async function main(): Promise<void> {
  const registry = new ToolRegistry({ manifest: jobMatrixManifest() }).register(
    new JobMatrixService(new Redis(redisUrl!)),
  );
  await startToolWorker(registry, {
    connection: redisUrl!,
    lockDurationMs: Number(lockMs),
    stalledIntervalMs: Number(lockMs) / 2,
  });
  process.stdout.write('ready\n');
}

void main();
