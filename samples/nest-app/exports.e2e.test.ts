/**
 * The support desk's export as a durable job: the API instance (`TOOLWRIGHT_WORKER=off`) and a
 * worker-only instance (`worker.ts`, its own process) share a real `redis-server`. `POST /chat`
 * asks for an export; the agent's call is queued, the worker process runs it and writes the
 * file, the model gets its result; the worker prints its spans through the console exporter.
 */
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Anthropic from '@anthropic-ai/sdk';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ToolRegistry } from 'toolwright';
import { ANTHROPIC_CLIENT } from 'toolwright/nest';
import { startScriptedServer } from 'toolwright/testing';
import type { ScriptedServer } from 'toolwright/testing';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';
import type { RedisServer } from '../../test/startRedisServer';
import { AppModule } from './AppModule';
import { REDIS_URL } from './approvals/tokens';
import { FROM_SOURCE } from '../../test/fromSource';

const ROOT = join(__dirname, '..', '..');

/** Starts `worker.ts`; resolves once it says it is ready, with what it printed so far and after. */
async function startWorker(
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, [...FROM_SOURCE, join(__dirname, 'worker.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no worker: ${printed}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('support desk worker ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => void (printed += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`worker exited (${code}): ${printed}`)));
  });
  return { child, output: () => printed };
}

describeWithServer(
  redisMissing,
  'nest-app: an export runs on a worker process (Redis, BullMQ)',
  () => {
    let redis: RedisServer;
    let model: ScriptedServer;
    let app: INestApplication;
    let worker: { child: ChildProcess; output: () => string };
    let dir: string;

    beforeAll(async () => {
      redis = await startRedisServer();
      dir = mkdtempSync(join(tmpdir(), 'support-desk-exports-'));
      worker = await startWorker({
        REDIS_URL: redis.url,
        EXPORT_DIR: dir,
        OTEL_TRACES_CONSOLE: '1',
      });
    }, 90_000);

    afterAll(async () => {
      await app?.close();
      await model?.close();
      worker?.child.kill('SIGTERM');
      await new Promise((resolve) => worker?.child.once('exit', resolve));
      await redis?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('queues the agent’s export, which the worker process runs; the model gets the file', async () => {
      model = await startScriptedServer({
        turns: [
          {
            content: [
              {
                type: 'tool_use',
                id: 'toolu_export',
                name: 'export_orders',
                input: { email: 'ada@example.com' },
              },
            ],
          },
          { content: [{ type: 'text', text: 'The export of your 2 orders is ready.' }] },
        ],
      });
      const previous = process.env.TOOLWRIGHT_WORKER;
      process.env.TOOLWRIGHT_WORKER = 'off';
      try {
        const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
          .overrideProvider(ANTHROPIC_CLIENT)
          .useValue(new Anthropic({ apiKey: 'test-key', baseURL: model.url, maxRetries: 0 }))
          .overrideProvider(REDIS_URL)
          .useValue(redis.url)
          .compile();
        app = moduleRef.createNestApplication({ logger: false });
        await app.listen(0, '127.0.0.1');
      } finally {
        if (previous === undefined) delete process.env.TOOLWRIGHT_WORKER;
        else process.env.TOOLWRIGHT_WORKER = previous;
      }
      expect(app.get(ToolRegistry).get('export_orders')?.options.longRunning).toBe(true);

      const response = await request(app.getHttpServer())
        .post('/chat')
        .send({ message: 'Export my orders, I am ada@example.com' })
        .expect(200);
      expect(response.body).toMatchObject({ answer: 'The export of your 2 orders is ready.' });

      const messages = model.requests[1].body.messages as {
        content: { type: string; content?: unknown }[];
      }[];
      const result = messages.at(-1)!.content.find((block) => block.type === 'tool_result')!;
      const exported = JSON.parse(String(result.content)) as {
        file: string;
        orders: number;
        written: boolean;
      };
      expect(exported).toMatchObject({ orders: 2, written: true });
      expect(exported.file.startsWith(dir)).toBe(true);
      expect(readFileSync(exported.file, 'utf8').trim().split('\n')).toEqual([
        'order,status,total_cents,refunded_cents',
        '"ord_1001","delivered",8900,0',
        '"ord_1002","shipped",4000,0',
      ]);
      // The worker's console exporter printed the job's span, with the call id and job id.
      const printed = worker.output();
      expect(printed).toContain("name: 'execute_tool export_orders'");
      expect(printed).toContain("'gen_ai.tool.call.id': 'toolu_export'");
      expect(printed).toContain("'toolwright.job.id'");
    }, 90_000);
  },
);
