/**
 * A worker instance in its own process, for the job tests: registers the report service and
 * runs its jobs until killed. Prints `ready` once it takes jobs.
 * Arguments: redis URL, lock duration in ms.
 */
import 'reflect-metadata';
import Redis from 'ioredis';
import { ToolRegistry } from '../../registry/ToolRegistry';
import { startToolWorker } from '../startToolWorker';
import { ReportService } from './ReportService';

const [redisUrl, lockMs] = process.argv.slice(2) as string[];

async function main(): Promise<void> {
  const redis = new Redis(redisUrl!);
  const registry = new ToolRegistry().register(new ReportService(redis));
  await startToolWorker(registry, {
    connection: redisUrl!,
    lockDurationMs: Number(lockMs),
    stalledIntervalMs: Number(lockMs) / 2,
  });
  process.stdout.write('ready\n');
}

void main();
