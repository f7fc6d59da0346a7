/**
 * Durable approvals across two instances of the support desk, as behind a load balancer: two
 * real Nest applications on loopback sharing a real `redis-server` (started on a free port and
 * stopped after) and one scripted model. `POST /chat` on the first answers 202 with the pending
 * refund's approval id; the supervisor's `POST /approvals/:id` reaches the second, which resumes
 * the run from Redis, issues (or refuses) the refund and answers.
 */
import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import { ValidationPipe } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import Redis from 'ioredis';
import request from 'supertest';
import { ANTHROPIC_CLIENT } from 'toolwright/nest';
import { startScriptedServer } from 'toolwright/testing';
import type { ScriptedServer, ScriptedTurn } from 'toolwright/testing';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';
import type { RedisServer } from '../../test/startRedisServer';
import { AppModule } from './AppModule';
import { REDIS_URL, SUPERVISOR_TOKEN } from './approvals/tokens';
import { OrdersService } from './orders/OrdersService';
import { RefundsService } from './refunds/RefundsService';

/** The supervisor token the tests configure and send. */
const SUPERVISOR = 'supervisor-secret';

type Block = { type: string; tool_use_id?: string; content?: unknown; is_error?: boolean };

const refundTurns = (answer: string): ScriptedTurn[] => [
  {
    content: [
      { type: 'tool_use', name: 'get_order', input: { orderId: 'ord_1003' } },
      {
        type: 'tool_use',
        name: 'issue_refund',
        input: { orderId: 'ord_1003', amountCents: 49900, reason: 'The desk arrived broken' },
      },
    ],
  },
  { content: [{ type: 'text', text: answer }] },
];

describeWithServer(redisMissing, 'nest-app: a refund approved on another instance (Redis)', () => {
  let redis: RedisServer;
  let model: ScriptedServer;
  let apps: INestApplication[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
  });

  afterAll(async () => {
    await redis?.stop();
  });

  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    apps = [];
    await model?.close();
  });

  /** One instance of the support desk, on the shared Redis and the scripted model. */
  async function instance(): Promise<INestApplication> {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
      .overrideProvider(ANTHROPIC_CLIENT)
      .useValue(new Anthropic({ apiKey: 'test-key', baseURL: model.url, maxRetries: 0 }))
      .overrideProvider(SUPERVISOR_TOKEN)
      .useValue(SUPERVISOR)
      .overrideProvider(REDIS_URL)
      .useValue(redis.url)
      .compile();
    const app = moduleRef.createNestApplication({ logger: false });
    app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true }));
    await app.listen(0, '127.0.0.1');
    apps.push(app);
    return app;
  }

  async function twoInstances(turns: ScriptedTurn[]): Promise<INestApplication[]> {
    model = await startScriptedServer({ turns });
    return [await instance(), await instance()];
  }

  it('answers 202 on one instance and the refund is issued when a supervisor approves on the other', async () => {
    const [first, second] = await twoInstances(refundTurns('Refunded $499.00 for the desk.'));
    const chat = await request(await first.getUrl())
      .post('/chat')
      .send({ message: 'My desk ord_1003 arrived broken, refund it please.' })
      .expect(202);
    expect(chat.body).toMatchObject({
      status: 'pending_approval',
      pending: [{ name: 'issue_refund', input: { orderId: 'ord_1003', amountCents: 49900 } }],
    });
    const id: string = chat.body.approvalId;
    const inspector = new Redis(redis.url);
    try {
      expect(await inspector.ttl(`toolwright:approval:${id}`)).toBeGreaterThan(86_000);
    } finally {
      await inspector.quit();
    }

    const approved = await request(await second.getUrl())
      .post(`/approvals/${id}`)
      .set('authorization', `Bearer ${SUPERVISOR}`)
      .send({ approved: true })
      .expect(200);
    expect(approved.body.answer).toBe('Refunded $499.00 for the desk.');
    expect(approved.body.toolCalls.map((c: { name: string }) => c.name)).toEqual([
      'get_order',
      'issue_refund',
    ]);
    expect(second.get(RefundsService).issued).toMatchObject([
      { orderId: 'ord_1003', amountCents: 49900 },
    ]);
    expect(first.get(RefundsService).issued).toEqual([]);
    expect(second.get(OrdersService).require('ord_1003').refundedCents).toBe(49900);

    const messages = model.requests[1].body.messages as { content: Block[] | string }[];
    const results = (messages.at(-1)?.content as Block[]).filter((b) => b.type === 'tool_result');
    expect(results.map((r) => r.is_error ?? false)).toEqual([false, false]);
    expect(JSON.stringify(results[0].content)).toContain('Standing desk');
    expect(model.pairingViolations).toEqual([]);

    await request(await first.getUrl())
      .post(`/approvals/${id}`)
      .set('authorization', `Bearer ${SUPERVISOR}`)
      .send({ approved: true })
      .expect(404);
  });

  it('tells the model the supervisor refused, with the reason, on the other instance', async () => {
    const [first, second] = await twoInstances(
      refundTurns('A supervisor declined the refund: the desk can be repaired.'),
    );
    const chat = await request(await first.getUrl())
      .post('/chat')
      .send({ message: 'Refund my desk ord_1003.' })
      .expect(202);
    const refused = await request(await second.getUrl())
      .post(`/approvals/${chat.body.approvalId}`)
      .set('authorization', `Bearer ${SUPERVISOR}`)
      .send({ approved: false, reason: 'the desk can be repaired under warranty' })
      .expect(200);
    expect(refused.body.answer).toBe('A supervisor declined the refund: the desk can be repaired.');
    expect(refused.body.toolCalls[1]).toMatchObject({ name: 'issue_refund', isError: true });
    expect(refused.body.toolCalls[1].result).toContain('the desk can be repaired under warranty');
    expect(second.get(RefundsService).issued).toEqual([]);
    expect(first.get(RefundsService).issued).toEqual([]);
    expect(model.pairingViolations).toEqual([]);
  });
});
