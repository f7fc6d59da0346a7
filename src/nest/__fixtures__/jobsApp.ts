/**
 * A Nest application given a `ToolJobs` in the module options (and, with `worker`, a job
 * worker), in its own process, for the shutdown tests: it prints `ready`, then either closes
 * itself when its stdin ends (`close`) or waits for SIGTERM with shutdown hooks (`sigterm`);
 * with `start`, its worker may wait for Redis 1 s, and a failed bootstrap prints its error as
 * JSON. Nothing calls `process.exit`: the process ends only when nothing is left open.
 * Arguments: redis URL, `close`, `sigterm` or `start`, `worker` or `no-worker`.
 */
import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Param } from '../../decorators/Param';
import { Tool } from '../../decorators/Tool';
import { startToolWorker } from '../../jobs/startToolWorker';
import { ToolJobs } from '../../jobs/ToolJobs';
import { ToolwrightModule } from '../ToolwrightModule';

const [redisUrl, mode, worker] = process.argv.slice(2) as [string, string, string];

@Injectable()
class ArchiveService {
  /** Archives a month. */
  @Tool({ longRunning: true })
  archive(@Param('month') month: string): string {
    return `archived ${month}`;
  }
}

@Module({
  imports: [
    ToolwrightModule.forRoot({
      jobs: new ToolJobs({ connection: redisUrl }),
      ...(worker === 'worker'
        ? {
            worker: (registry) =>
              startToolWorker(registry, {
                connection: redisUrl,
                ...(mode === 'start' ? { startTimeoutMs: 1000 } : {}),
              }),
          }
        : {}),
    }),
  ],
  providers: [ArchiveService],
})
class AppModule {}

async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error'] });
  if (mode === 'sigterm') app.enableShutdownHooks();
  process.stdout.write('ready\n');
  if (mode === 'close') {
    process.stdin.resume();
    process.stdin.once('end', () => {
      process.stdin.pause();
      void app.close().then(() => process.stdout.write('closed\n'));
    });
  }
}

main().catch((error: Error) => {
  process.stdout.write(`${JSON.stringify({ name: error.name, message: error.message })}\n`);
});
