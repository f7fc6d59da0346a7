/**
 * The support desk end to end: the real Nest application on loopback, `POST /chat` over HTTP
 * (supertest), its `ToolAgent` talking to the scripted Messages API server through the real
 * SDK client. Tools use their injected dependencies; a refund above the policy's limit waits
 * for a supervisor (202, then `POST /approvals/:id`). Paused runs stay in memory here; the
 * two-instance flow on Redis is `approvals.e2e.test.ts`.
 */
import 'reflect-metadata';
import Anthropic from '@anthropic-ai/sdk';
import { ValidationPipe } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { ToolRegistry } from 'toolwright';
import { ANTHROPIC_CLIENT } from 'toolwright/nest';
import { startScriptedServer } from 'toolwright/testing';
import type { ScriptedServer, ScriptedTurn } from 'toolwright/testing';
import { AppModule } from './AppModule';
import { REDIS_URL, SUPERVISOR_TOKEN } from './approvals/tokens';
import { OrdersService } from './orders/OrdersService';
import { RefundPolicy } from './refunds/RefundPolicy';
import { RefundsService } from './refunds/RefundsService';

/** The supervisor token the tests configure and send. */
const SUPERVISOR = 'supervisor-secret';

type Block = { type: string; tool_use_id?: string; content?: unknown; is_error?: boolean };

/** The tool results the model was sent in request `index`. */
const resultsSent = (server: ScriptedServer, index: number): Block[] => {
  const messages = server.requests[index].body.messages as { content: Block[] | string }[];
  const last = messages.at(-1)?.content;
  return Array.isArray(last) ? last.filter((block) => block.type === 'tool_result') : [];
};

describe('nest-app: the support desk', () => {
  let server: ScriptedServer;
  let app: INestApplication;

  async function start(turns: ScriptedTurn[]): Promise<void> {
    server = await startScriptedServer({ turns });
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] })
      .overrideProvider(ANTHROPIC_CLIENT)
      .useValue(new Anthropic({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0 }))
      .overrideProvider(SUPERVISOR_TOKEN)
      .useValue(SUPERVISOR)
      .overrideProvider(REDIS_URL)
      .useValue(undefined)
      .compile();
    app = moduleRef.createNestApplication({ logger: false });
    app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true }));
    await app.listen(0, '127.0.0.1');
  }

  afterEach(async () => {
    await app?.close();
    await server?.close();
  });

  it('registers the tools of every provider, with their dependencies injected', async () => {
    await start([]);
    const registry = app.get(ToolRegistry);
    expect(
      registry
        .list()
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(['export_orders', 'find_customer', 'get_order', 'issue_refund', 'list_orders']);
    expect(registry.get('issue_refund')?.options.requiresApproval).toBe(true);
    const order = await registry.call('get_order', { orderId: 'ord_1001' });
    expect(JSON.parse(String(order.content))).toMatchObject({
      id: 'ord_1001',
      customerName: 'Ada Lovelace',
    });
  });

  it('answers a question with tools whose providers use other providers', async () => {
    await start([
      { content: [{ type: 'tool_use', name: 'list_orders', input: { email: 'ada@example.com' } }] },
      { content: [{ type: 'text', text: 'Ada has two orders: ord_1001 and ord_1002.' }] },
    ]);
    const response = await request(await app.getUrl())
      .post('/chat')
      .send({ message: 'What did ada@example.com order?' })
      .expect(200);
    expect(response.body.answer).toBe('Ada has two orders: ord_1001 and ord_1002.');
    expect(response.body.toolCalls).toHaveLength(1);
    const orders = JSON.parse(response.body.toolCalls[0].result);
    expect(orders.map((o: { id: string; customerName: string }) => [o.id, o.customerName])).toEqual(
      [
        ['ord_1001', 'Ada Lovelace'],
        ['ord_1002', 'Ada Lovelace'],
      ],
    );
    const tools = server.requests[0].body.tools as { name: string; description: string }[];
    expect(tools).toHaveLength(5);
    expect(tools.find((tool) => tool.name === 'issue_refund')?.description).toContain(
      'Refunds part or all of an order',
    );
  });

  it('issues a refund the policy approves', async () => {
    await start([
      {
        content: [
          {
            type: 'tool_use',
            name: 'issue_refund',
            input: { orderId: 'ord_1002', amountCents: 2000, reason: 'One hub arrived broken' },
          },
        ],
      },
      { content: [{ type: 'text', text: 'Refunded $20.00.' }] },
    ]);
    const response = await request(await app.getUrl())
      .post('/chat')
      .send({ message: 'One of the two hubs of ord_1002 arrived broken, please refund it.' })
      .expect(200);
    expect(response.body.toolCalls[0]).toMatchObject({ name: 'issue_refund', isError: false });
    expect(app.get(RefundsService).issued).toMatchObject([
      { orderId: 'ord_1002', amountCents: 2000 },
    ]);
    expect(app.get(OrdersService).require('ord_1002').refundedCents).toBe(2000);
  });

  it('holds a refund above the limit for a supervisor, then tells the model the refusal', async () => {
    await start([
      {
        content: [
          { type: 'text', text: 'Refunding the desk in full.' },
          {
            type: 'tool_use',
            name: 'issue_refund',
            input: { orderId: 'ord_1003', amountCents: 49900, reason: 'The desk wobbles' },
          },
        ],
      },
      {
        content: [
          { type: 'text', text: 'A supervisor declined this refund; we will repair the desk.' },
        ],
      },
    ]);
    const url = await app.getUrl();
    const pending = await request(url)
      .post('/chat')
      .send({ message: 'My standing desk (ord_1003) wobbles, I want my money back.' })
      .expect(202);
    expect(pending.body).toMatchObject({
      status: 'pending_approval',
      pending: [{ name: 'issue_refund', input: { orderId: 'ord_1003', amountCents: 49900 } }],
    });
    expect(server.requests).toHaveLength(1);
    expect(app.get(RefundPolicy).decisions).toHaveLength(1);

    const response = await request(url)
      .post(`/approvals/${pending.body.approvalId}`)
      .set('authorization', `Bearer ${SUPERVISOR}`)
      .send({ approved: false, reason: 'we repair desks rather than refund them' })
      .expect(200);
    const [sent] = resultsSent(server, 1);
    expect(sent.is_error).toBe(true);
    expect(JSON.stringify(sent.content)).toContain('we repair desks rather than refund them');
    expect(response.body.toolCalls[0]).toMatchObject({ name: 'issue_refund', isError: true });
    expect(response.body.answer).toBe(
      'A supervisor declined this refund; we will repair the desk.',
    );
    expect(app.get(RefundsService).issued).toEqual([]);
    expect(app.get(OrdersService).require('ord_1003').refundedCents).toBe(0);
    await request(url)
      .post(`/approvals/${pending.body.approvalId}`)
      .set('authorization', `Bearer ${SUPERVISOR}`)
      .send({ approved: true })
      .expect(404);
  });

  it('rejects an approval without a decision or with an id that is not one', async () => {
    await start([]);
    const url = await app.getUrl();
    const supervisor = `Bearer ${SUPERVISOR}`;
    await request(url)
      .post('/approvals/3b241101-e2bb-4255-8caf-4136c566a962')
      .set('authorization', supervisor)
      .send({ reason: 'maybe' })
      .expect(400);
    await request(url)
      .post('/approvals/not-an-id')
      .set('authorization', supervisor)
      .send({ approved: true })
      .expect(400);
    await request(url)
      .post('/approvals/3b241101-e2bb-4255-8caf-4136c566a962')
      .set('authorization', supervisor)
      .send({ approved: true })
      .expect(404);
  });

  it('lets only a supervisor approve: 401 without the token, 403 with another; the refund waits', async () => {
    await start([
      {
        content: [
          {
            type: 'tool_use',
            name: 'issue_refund',
            input: { orderId: 'ord_1003', amountCents: 49900, reason: 'wobbly' },
          },
        ],
      },
      { content: [{ type: 'text', text: 'Refunded.' }] },
    ]);
    const url = await app.getUrl();
    const pending = await request(url)
      .post('/chat')
      .send({ message: 'Refund my desk ord_1003.' })
      .expect(202);
    const approval = `/approvals/${pending.body.approvalId}`;
    const refused = await request(url).post(approval).send({ approved: true }).expect(401);
    expect(refused.body.message).toContain('supervisor token is required');
    await request(url)
      .post(approval)
      .set('authorization', 'Bearer guessed')
      .send({ approved: true })
      .expect(403);
    expect(server.requests).toHaveLength(1);
    await request(url)
      .post(approval)
      .set('authorization', `Bearer ${SUPERVISOR}`)
      .send({ approved: true })
      .expect(200);
    expect(server.requests).toHaveLength(2);
  });

  it('tells the model what is wrong with an invalid refund, before asking anyone to approve it', async () => {
    await start([
      {
        content: [
          {
            type: 'tool_use',
            name: 'issue_refund',
            input: { orderId: '1003', amountCents: -5, reason: 'x' },
          },
        ],
      },
      { content: [{ type: 'text', text: 'I could not file that refund.' }] },
    ]);
    await request(await app.getUrl())
      .post('/chat')
      .send({ message: 'Refund ord_1003' })
      .expect(200);
    const text = JSON.stringify(resultsSent(server, 1)[0].content);
    expect(text).toContain('orderId');
    expect(text).toContain('amountCents');
    expect(text).toContain('reason');
    expect(app.get(RefundPolicy).decisions).toEqual([]);
  });

  it('rejects a chat request without a message', async () => {
    await start([]);
    await request(await app.getUrl())
      .post('/chat')
      .send({ text: 'hi' })
      .expect(400);
    expect(server.requests).toHaveLength(0);
  });

  it('answers 502 when the model API fails', async () => {
    await start([{ error: { status: 529, message: 'Overloaded' } }]);
    const response = await request(await app.getUrl())
      .post('/chat')
      .send({ message: 'Hello' })
      .expect(502);
    expect(response.body.message).toContain('The model API failed');
  });
});
