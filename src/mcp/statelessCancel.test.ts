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
import { LISTEN_WAIT_MS } from './statelessCancellation';
import type { McpCancelRedis } from './statelessCancellation';
import { abortReasons, createShopRegistry, waitLog } from './__fixtures__/shopRegistry';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';
import type { RedisServer } from '../../test/startRedisServer';

import { sleep, until } from '../../test/until';

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
    // The same cancel from the victim's side (no credentials, as it sent none) stops it: with
    // its own reason, so the other client's, sent first, did not.
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
    expect(abortReasons.get('victim')).toBe('mine');
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

    async function instance(
      withRedis: boolean,
      wrap: (client: Redis) => McpCancelRedis = (client) => client,
    ): Promise<RunningMcpHttpServer> {
      const options: McpHttpServerOptions = { ...STATELESS };
      if (withRedis) {
        const client = new Redis(redis.url);
        clients.push(client);
        options.redis = wrap(client);
      }
      const server = await startMcpHttpServer(createShopRegistry(), options);
      servers.push(server);
      return server;
    }

    it('stops the tool when the cancel reaches another instance sharing the Redis', async () => {
      const running = await instance(true);
      const other = await instance(true);
      // No wait for the subscriptions: an instance serves no request before it listens.
      const client = await clientOf(running.url, other.url);
      await startThenAbort(client, 'across');
      await until(() => waitLog.includes('aborted across'), 'the tool to stop');
      expect(abortReasons.get('across')).toBe('the user pressed stop');
      await client.close();
    });

    it('serves nothing before a slow subscription listens, so a cancel published meanwhile is not lost', async () => {
      // The other instance's publish of the cancel, once Redis has taken it.
      let published!: () => void;
      const cancelPublished = new Promise<void>((resolve) => (published = resolve));
      const publishing = (client: Redis): McpCancelRedis => ({
        publish: (channel, message) => client.publish(channel, message).finally(published),
        duplicate: () => client.duplicate(),
      });
      // The running instance subscribes late: after that publish, or well within the wait an
      // instance gives its subscription before serving anyway.
      const subscribingLate = (client: Redis): McpCancelRedis => ({
        publish: (channel, message) => client.publish(channel, message),
        duplicate: () => {
          const subscriber = client.duplicate();
          return {
            subscribe: async (channel) => {
              await Promise.race([cancelPublished, sleep(LISTEN_WAIT_MS * 0.75)]);
              return subscriber.subscribe(channel);
            },
            on: (event, listener) => subscriber.on(event, listener),
            quit: () => subscriber.quit(),
          };
        },
      });
      const running = await instance(true, subscribingLate);
      const other = await instance(true, publishing);
      const client = await clientOf(running.url, other.url);
      await startThenAbort(client, 'slow-subscription');
      await until(() => waitLog.includes('aborted slow-subscription'), 'the tool to stop', 10_000);
      expect(abortReasons.get('slow-subscription')).toBe('the user pressed stop');
      await client.close();
    });

    it('without Redis, the other instance cannot reach the call (it runs on)', async () => {
      const running = await instance(false);
      const other = await instance(false);
      const client = await clientOf(running.url, other.url);
      await startThenAbort(client, 'unreachable');
      // Only the client's going away (the server closing its request) stops it.
      await client.close();
      await until(() => waitLog.includes('aborted unreachable'), 'the disconnect to stop it');
      // A signal fires once: had the cancel reached it first, its reason would be the user's.
      expect(abortReasons.get('unreachable')).not.toBe('the user pressed stop');
    });
  },
);
