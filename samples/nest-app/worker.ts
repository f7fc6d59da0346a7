/**
 * A worker-only instance of the support desk: no HTTP, only the jobs of its long-running tools
 * (`node -r ts-node/register/transpile-only samples/nest-app/worker.ts`, with `REDIS_URL`). The
 * same application module, so the same tools and dependencies; run as many as the load needs,
 * apart from the API instances (which may then set `TOOLWRIGHT_WORKER=off`). `SIGTERM` lets the
 * running jobs finish before it exits; a killed worker's jobs are taken back by another.
 */
import './tracing';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './AppModule';

async function bootstrap(): Promise<void> {
  if (!process.env.REDIS_URL) throw new Error('worker.ts needs REDIS_URL (the queue is in Redis)');
  delete process.env.TOOLWRIGHT_WORKER;
  const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
  app.enableShutdownHooks();
  console.log('support desk worker ready');
}

void bootstrap();
