/**
 * `RedisApprovalStore` on a real `redis-server` (started on a free loopback port, stopped after)
 * through a real `ioredis` client: save/load/delete, TTL, at-most-once delete, corrupt entries,
 * and two agents sharing it as two instances of one service would.
 */
import Anthropic from '@anthropic-ai/sdk';
import Redis from 'ioredis';
import { ShopService } from '../agent/__fixtures__/ShopService';
import { say, use } from '../agent/__fixtures__/harness';
import type { PausedRunState } from './types';
import { ToolAgent } from '../agent/ToolAgent';
import { ToolRegistry } from '../registry/ToolRegistry';
import { startScriptedServer } from '../testing/startScriptedServer';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';
import type { RedisServer } from '../../test/startRedisServer';
import { RedisApprovalStore } from './RedisApprovalStore';

const state = (runId: string): PausedRunState => ({
  version: 1,
  runId,
  format: 'native',
  messages: [{ role: 'user', content: 'hi' }],
  message: { role: 'assistant', content: [] } as unknown as PausedRunState['message'],
  calls: [{ status: 'pending', id: 'c1', name: 'refund', input: { orderId: 'o', amount: 1 } }],
  iterations: 1,
  usage: {
    input_tokens: 1,
    output_tokens: 1,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  },
  pausedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-02T00:00:00.000Z',
});

describeWithServer(redisMissing, 'RedisApprovalStore on redis-server', () => {
  let redis: RedisServer;
  let client: Redis;

  beforeAll(async () => {
    redis = await startRedisServer();
    client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
  });

  afterAll(async () => {
    await client?.quit();
    await redis?.stop();
  });

  it('saves, loads and deletes a paused run under its key, with the TTL', async () => {
    const store = new RedisApprovalStore({ client, keyPrefix: 'test:a:' });
    await store.save('run-1', state('run-1'), 90);
    expect(await store.load('run-1')).toEqual(state('run-1'));
    const ttl = await client.ttl('test:a:run-1');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(90);
    expect(await store.delete('run-1')).toBe(true);
    expect(await store.delete('run-1')).toBe(false);
    expect(await store.load('run-1')).toBeUndefined();
  });

  it('lets an entry expire', async () => {
    const store = new RedisApprovalStore({ client, keyPrefix: 'test:b:' });
    await store.save('run-2', state('run-2'), 60);
    // Redis's own clock decides expiry; PEXPIRE shortens it rather than waiting a minute.
    await client.pexpire('test:b:run-2', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.load('run-2')).toBeUndefined();
  });

  it('refuses a corrupt entry, naming the run', async () => {
    const store = new RedisApprovalStore({ client, keyPrefix: 'test:c:' });
    await client.set('test:c:bad', '{"version":2}');
    await expect(store.load('bad')).rejects.toThrow(
      'ApprovalStore entry of run "bad": the state is not a paused run: "version" must be the number 1',
    );
    await client.set('test:c:worse', 'not json');
    await expect(store.load('worse')).rejects.toThrow('the entry of run "worse" is not JSON');
  });

  it('lets one agent pause a run and another, on its own connection, resume it', async () => {
    const server = await startScriptedServer({
      turns: [
        use({ id: 'r1', name: 'refund', input: { orderId: 'o-7', amount: 70 } }),
        say('Refunded.'),
      ],
    });
    const other = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await other.connect();
    try {
      const agents = [client, other].map((connection) => {
        const shop = new ShopService();
        const agent = new ToolAgent({
          client: new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 }),
          registry: new ToolRegistry().register(shop),
          model: 'claude-test',
          approvals: 'pause',
          approvalStore: new RedisApprovalStore({ client: connection }),
        });
        return { agent, shop };
      });
      const paused = await agents[0].agent.run('Refund o-7');
      if (paused.status !== 'pending_approval') throw new Error('expected a pause');
      expect(await client.exists(`toolwright:approval:${paused.runId}`)).toBe(1);
      const done = await agents[1].agent.resume(paused.runId, { r1: true });
      expect(done.status).toBe('completed');
      expect(agents[1].shop.log).toEqual([{ tool: 'refund', args: ['o-7', 70] }]);
      expect(agents[0].shop.log).toEqual([]);
      expect(await client.exists(`toolwright:approval:${paused.runId}`)).toBe(0);
      expect(server.pairingViolations).toEqual([]);
    } finally {
      await other.quit();
      await server.close();
    }
  });
});

describe('RedisApprovalStore options', () => {
  it('needs a client', () => {
    expect(() => new RedisApprovalStore({} as never)).toThrow(
      '`client` must be a Redis client such as `new Redis(url)` from ioredis',
    );
  });
});
