/**
 * `toolwright mcp --http --stateless` on several instances shares cancels through Redis (issue
 * 28): two CLI processes given the same real `redis-server` (one by `--redis`, one by
 * `REDIS_URL`); the MCP SDK's client calls a tool on one and its cancel, routed as a load
 * balancer may, reaches the other, which passes it on; the tool stops where it runs.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describeWithServer } from '../../test/describeWithServer';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import type { RedisServer } from '../../test/startRedisServer';
import { until } from '../../test/until';
import { exitCodeOf, startHttp, TOKEN } from './__fixtures__/mcpHarness';

/** A client whose cancel POSTs go to `cancelTo`, the rest to `url`. */
async function routedClient(url: string, cancelTo: string): Promise<Client> {
  const fetchRouted = (input: string | URL | Request, init?: RequestInit) => {
    const body = typeof init?.body === 'string' ? init.body : '';
    return fetch(body.includes('"notifications/cancelled"') ? cancelTo : input, init);
  };
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      fetch: fetchRouted,
      requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
    }),
  );
  return client;
}

describeWithServer(redisMissing, 'toolwright mcp --stateless --redis', () => {
  let redis: RedisServer;

  beforeAll(async () => {
    redis = await startRedisServer();
  }, 30_000);
  afterAll(async () => {
    await redis?.stop();
  });

  it('stops a call when its cancel reaches the other instance', async () => {
    const args = ['--token', TOKEN, '--stateless'];
    const [running, other] = await Promise.all([
      startHttp([...args, '--redis', redis.url]),
      startHttp(args, { REDIS_URL: redis.url }),
    ]);
    const client = await routedClient(running.url, other.url);
    try {
      const controller = new AbortController();
      const call = client
        .callTool({ name: 'wait_for_abort', arguments: { label: 'cli-across' } }, undefined, {
          signal: controller.signal,
        })
        .catch((error: unknown) => error);
      await until(() => running.output().includes('started cli-across'), 'the call to start');
      controller.abort('the user pressed stop');
      expect(String(await call)).toContain('the user pressed stop');
      await until(() => running.output().includes('aborted cli-across'), 'the tool to stop');
      expect(other.output()).not.toContain('started cli-across');
    } finally {
      await client.close();
      for (const instance of [running, other]) instance.child.kill('SIGTERM');
      expect(await exitCodeOf(running.child)).toBe(0);
      expect(await exitCodeOf(other.child)).toBe(0);
    }
  }, 90_000);
});
