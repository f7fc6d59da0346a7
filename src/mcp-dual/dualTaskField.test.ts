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
import type Redis from 'ioredis';
import { connectClient, REVISION_OF } from './__fixtures__/dualClients';
import type { AnyClient, ClientKind } from './__fixtures__/dualClients';
import { readLog } from '../jobs/__fixtures__/ReportService';
import { startReportsEndpoint } from './__fixtures__/reportsEndpoint';
import type { ReportsEndpoint } from './__fixtures__/reportsEndpoint';
import { redisMissing } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';

/** A listed tool, as a test reads it. */
type Listed = { name: string; execution?: unknown };

describeWithServer(redisMissing, 'dual endpoint: the 2025 task field on tools/list', () => {
  let endpoint: ReportsEndpoint;
  let store: Redis;
  const open: AnyClient[] = [];

  beforeAll(async () => {
    endpoint = await startReportsEndpoint();
    store = endpoint.store;
  }, 30_000);

  afterEach(async () => void (await Promise.all(open.splice(0).map((c) => c.close()))));

  afterAll(async () => endpoint?.close());

  const listed = async (kind: ClientKind) => {
    const client = await connectClient(kind, new URL(endpoint.url));
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
    const response = await fetch(endpoint.url, {
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
