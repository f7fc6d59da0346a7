/**
 * Starts the support desk: `node -r ts-node/register/transpile-only samples/nest-app/main.ts`,
 * then `curl -XPOST localhost:3000/chat -H 'content-type: application/json'
 * -d '{"message":"What did ada@example.com order?"}'`. Needs `ANTHROPIC_API_KEY`. With
 * `REDIS_URL` set (e.g. `redis://127.0.0.1:6379`), refunds waiting for a supervisor are kept in
 * Redis, so several instances can run behind a load balancer. A supervisor approves with
 * `Authorization: Bearer $SUPERVISOR_TOKEN` on `POST /approvals/:id` (unset, nobody can).
 * With Redis, exports run as durable jobs, here and in `worker.ts` processes
 * (`TOOLWRIGHT_WORKER=off` keeps them out of this one); `OTEL_TRACES_CONSOLE=1` prints the traces.
 */
import './tracing';
import 'reflect-metadata';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './AppModule';

async function bootstrap(): Promise<void> {
  const app = await NestFactory.create(AppModule);
  app.enableShutdownHooks();
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true }));
  await app.listen(Number(process.env.PORT ?? 3000), '127.0.0.1');
  console.log(`support desk listening on ${await app.getUrl()}`);
}

void bootstrap();
