/**
 * The 2025 path of the dual endpoint keeps the stateless cancel across instances (issue 19): a
 * 2025 client's `notifications/cancelled`, routed to another instance than the one running the
 * call, reaches it through a shared real `redis-server`. Driven by the 1.32 client and the 2.x
 * client in its default mode (both 2025-11-25).
 */
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import Redis from 'ioredis';
import { startMcpHttpServer } from './startMcpHttpServer';
import type { RunningMcpHttpServer } from '../mcp/startMcpHttpServer';
import { abortReasons, waitLog } from '../mcp/__fixtures__/shopRegistry';
import { createDualRegistry } from './__fixtures__/dualRegistry';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import type { RedisServer } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';
import { until } from '../../test/until';

/** A fetch sending cancel POSTs to `cancelTo` (as a load balancer may route them), the rest on. */
const routed = (cancelTo: string) => (input: string | URL | Request, init?: RequestInit) => {
  const body = typeof init?.body === 'string' ? init.body : '';
  return fetch(body.includes('"notifications/cancelled"') ? cancelTo : input, init);
};

describeWithServer(redisMissing, 'dual endpoint, stateless: cancel across instances', () => {
  let redis: RedisServer;
  const clients: Redis[] = [];
  const servers: RunningMcpHttpServer[] = [];
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
    await Promise.all(clients.splice(0).map((client) => client.quit()));
  });
  afterAll(async () => {
    await redis?.stop();
  });

  async function instance(): Promise<RunningMcpHttpServer> {
    const client = new Redis(redis.url);
    clients.push(client);
    const server = await startMcpHttpServer(createDualRegistry(), {
      name: 'dual',
      version: '1',
      stateless: true,
      redis: client,
    });
    servers.push(server);
    return server;
  }

  it.each(['v1', 'v2-default'] as const)(
    'stops the tool when the cancel of a %s client reaches the other instance',
    async (kind) => {
      const running = await instance();
      const other = await instance();
      const fetchRouted = routed(other.url);
      const label = `across-${kind}`;
      const controller = new AbortController();
      let call: Promise<unknown>;
      let close: () => Promise<void>;
      if (kind === 'v1') {
        const client = new V1Client({ name: 'v1', version: '1' });
        await client.connect(new V1Transport(new URL(running.url), { fetch: fetchRouted }));
        call = client.callTool({ name: 'wait_for_abort', arguments: { label } }, undefined, {
          signal: controller.signal,
        });
        close = () => client.close();
      } else {
        const client = new Client({ name: kind, version: '1' });
        await client.connect(
          new StreamableHTTPClientTransport(new URL(running.url), { fetch: fetchRouted }),
        );
        call = client.callTool(
          { name: 'wait_for_abort', arguments: { label } },
          { signal: controller.signal },
        );
        close = () => client.close();
      }
      call.catch(() => undefined);
      await until(() => waitLog.includes(`started ${label}`), `the call ${label}`);
      controller.abort('the user pressed stop');
      await until(() => waitLog.includes(`aborted ${label}`), 'the tool to stop');
      expect(abortReasons.get(label)).toBe('the user pressed stop');
      await close();
    },
  );
});
