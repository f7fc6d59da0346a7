/**
 * The 2025 task field on the dual endpoint's `tools/list`: on 2025-11-25 a long-running tool
 * whose jobs can back MCP tasks says `execution: { taskSupport: 'optional' }`; 2026-07-28 moved
 * tasks out of the core protocol (into the `io.modelcontextprotocol/tasks` extension), and its
 * Tool has no `execution`. One endpoint over durable jobs (BullMQ on a real redis-server, a
 * worker in this process): the 1.32 client and the 2.x client in its default mode see the field;
 * a 2026 `tools/list` on the wire carries none (raw, since the 2.x client's 2026 Tool schema
 * drops the field on parsing, so it would not show a server sending it); and the 2.x client
 * pinned to 2026 still calls the tool, run as a job.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/client';
import Redis from 'ioredis';
import { startMcpHttpServer } from './startMcpHttpServer';
import type { RunningMcpHttpServer } from '../mcp/startMcpHttpServer';
import { connectClient, REVISION_OF } from './__fixtures__/dualClients';
import type { AnyClient, ClientKind } from './__fixtures__/dualClients';
import { ToolRegistry } from '../registry/ToolRegistry';
import { ToolJobs } from '../jobs/ToolJobs';
import { startToolWorker } from '../jobs/startToolWorker';
import type { RunningToolWorker } from '../jobs/startToolWorker';
import { readLog, ReportService } from '../jobs/__fixtures__/ReportService';
import { redisMissing, startRedisServer } from '../../test/startRedisServer';
import type { RedisServer } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';

/** A listed tool, as a test reads it. */
type Listed = { name: string; execution?: unknown };

describeWithServer(redisMissing, 'dual endpoint: the 2025 task field on tools/list', () => {
  let redis: RedisServer;
  let store: Redis;
  let jobs: ToolJobs;
  let worker: RunningToolWorker;
  let server: RunningMcpHttpServer;
  const open: AnyClient[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    store = new Redis(redis.url);
    jobs = new ToolJobs({ connection: redis.url });
    worker = await startToolWorker(new ToolRegistry().register(new ReportService(store)), {
      connection: redis.url,
    });
    const registry = new ToolRegistry({ jobs }).register(new ReportService(store));
    server = await startMcpHttpServer(registry, { name: 'reports', version: '1' });
  }, 30_000);

  afterEach(async () => void (await Promise.all(open.splice(0).map((c) => c.close()))));

  afterAll(async () => {
    await server?.close();
    await worker?.close();
    await jobs?.close();
    await store?.quit();
    await redis?.stop();
  });

  const listed = async (kind: ClientKind) => {
    const client = await connectClient(kind, new URL(server.url));
    open.push(client);
    expect(client.revision()).toBe(REVISION_OF[kind]);
    const { tools } = (await client.listPage()) as { tools: Listed[] };
    return { client, tools: new Map(tools.map((tool) => [tool.name, tool])) };
  };

  it.each(['v1', 'v2-default'] as const)(
    'a %s client (2025-11-25) sees the long-running tool as task-capable',
    async (kind) => {
      const { tools } = await listed(kind);
      expect(tools.get('export_orders')?.execution).toEqual({ taskSupport: 'optional' });
      expect(tools.get('count_orders')).toBeDefined();
      expect(tools.get('count_orders')?.execution).toBeUndefined();
    },
  );

  it('a 2026 client still calls the long-running tool, run as a job by the worker', async () => {
    const { client } = await listed('v2-pinned');
    await store.set('gate:2026-02', 'open');
    const result = await client.call('export_orders', { month: '2026-02' });
    expect(result.content).toEqual([
      { type: 'text', text: 'Exported the orders of 2026-02 to exports/2026-02.csv' },
    ]);
    expect((await readLog(store)).map((line) => line.event)).toEqual(['started', 'exported']);
  });

  it('sends no task field to a 2026 request on the wire', async () => {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'MCP-Protocol-Version': '2026-07-28',
        'Mcp-Method': 'tools/list',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: {
          _meta: {
            [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
            [CLIENT_INFO_META_KEY]: { name: 'raw', version: '1' },
            [CLIENT_CAPABILITIES_META_KEY]: {},
          },
        },
      }),
    });
    const text = await response.text();
    const json = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? '{}');
    const { result } = JSON.parse(json) as { result?: { tools: Listed[] } };
    expect(result?.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['export_orders', 'count_orders']),
    );
    expect(text).not.toContain('taskSupport');
    expect(text).not.toContain('"execution"');
  });
});
