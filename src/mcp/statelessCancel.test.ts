/**
 * A cancel in stateless mode stops the tool (issue 19): the MCP SDK's client aborts a call and
 * sends `notifications/cancelled` in a POST of its own. On one instance, that POST reaches the
 * running call; on two instances behind a load balancer (the cancel routed to the other one),
 * it reaches it through a shared real `redis-server`. Without Redis, the other instance cannot.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Redis from 'ioredis';
import { startMcpHttpServer } from './startMcpHttpServer';
import type { McpHttpServerOptions, RunningMcpHttpServer } from './startMcpHttpServer';
import { createShopRegistry, waitLog } from './__fixtures__/shopRegistry';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';
import type { RedisServer } from '../../test/startRedisServer';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 10) {
    if (condition()) return;
    await sleep(10);
  }
  throw new Error(`gave up waiting for ${what}`);
}

const STATELESS: McpHttpServerOptions = { name: 'shop', version: '1', stateless: true };

/** A client whose cancel POSTs go to `cancelTo` (as a load balancer may route them), the rest to `url`. */
async function clientOf(url: string, cancelTo = url): Promise<Client> {
  const fetchRouted = (input: string | URL | Request, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    const target = body.includes('"notifications/cancelled"') ? cancelTo : input;
    return fetch(target, init);
  };
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: fetchRouted }));
  return client;
}

/** Starts a `wait_for_abort` call labelled `label` and aborts it once it runs. */
async function startThenAbort(client: Client, label: string): Promise<unknown> {
  const controller = new AbortController();
  const call = client
    .callTool({ name: 'wait_for_abort', arguments: { label } }, undefined, {
      signal: controller.signal,
    })
    .catch((error: unknown) => error);
  await until(() => waitLog.includes(`started ${label}`), `the call ${label}`);
  controller.abort('the user pressed stop');
  return call;
}

describe('stateless Streamable HTTP: cancel', () => {
  let servers: RunningMcpHttpServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.close()));
    servers = [];
  });

  it('stops the tool when the cancel reaches the instance running it', async () => {
    const server = await startMcpHttpServer(createShopRegistry(), STATELESS);
    servers.push(server);
    const client = await clientOf(server.url);
    const outcome = await startThenAbort(client, 'one-instance');
    expect(String(outcome)).toContain('the user pressed stop');
    await until(() => waitLog.includes('aborted one-instance'), 'the tool to stop');
    await client.close();
  });

  it('does not cancel a call of another client that uses the same request id', async () => {
    const server = await startMcpHttpServer(createShopRegistry(), STATELESS);
    servers.push(server);
    const victim = await clientOf(server.url);
    const call = victim.callTool({ name: 'wait_for_abort', arguments: { label: 'victim' } });
    await until(() => waitLog.includes('started victim'), 'the victim call');
    const response = await fetch(server.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        Authorization: 'Bearer someone-else',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 1, reason: 'not yours' },
      }),
    });
    expect(response.status).toBe(202);
    await sleep(100);
    expect(waitLog).not.toContain('aborted victim');
    // The same cancel from the victim's side (no credentials, as it sent none) stops it.
    const own = await fetch(server.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 1, reason: 'mine' },
      }),
    });
    expect(own.status).toBe(202);
    await until(() => waitLog.includes('aborted victim'), 'the victim call to stop');
    void call.catch(() => undefined);
    await victim.close();
  });
});

describeWithServer(
  redisMissing,
  'stateless Streamable HTTP: cancel across instances (Redis)',
  () => {
    let redis: RedisServer;
    const clients: Redis[] = [];
    let servers: RunningMcpHttpServer[] = [];

    beforeAll(async () => {
      redis = await startRedisServer();
    });
    afterEach(async () => {
      await Promise.all(servers.map((server) => server.close()));
      servers = [];
      await Promise.all(clients.splice(0).map((client) => client.quit()));
    });
    afterAll(async () => {
      await redis?.stop();
    });

    async function instance(withRedis: boolean): Promise<RunningMcpHttpServer> {
      const options: McpHttpServerOptions = { ...STATELESS };
      if (withRedis) {
        const client = new Redis(redis.url);
        clients.push(client);
        options.redis = client;
      }
      const server = await startMcpHttpServer(createShopRegistry(), options);
      servers.push(server);
      return server;
    }

    it('stops the tool when the cancel reaches another instance sharing the Redis', async () => {
      const running = await instance(true);
      const other = await instance(true);
      await sleep(50); // both subscriptions are set up before the cancel is published
      const client = await clientOf(running.url, other.url);
      await startThenAbort(client, 'across');
      await until(() => waitLog.includes('aborted across'), 'the tool to stop');
      await client.close();
    });

    it('without Redis, the other instance cannot reach the call (it runs on)', async () => {
      const running = await instance(false);
      const other = await instance(false);
      const client = await clientOf(running.url, other.url);
      await startThenAbort(client, 'unreachable');
      await sleep(200);
      expect(waitLog).not.toContain('aborted unreachable');
      await client.close();
    });
  },
);
