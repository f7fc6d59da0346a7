/**
 * Two clients whose requests carry the same JSON-RPC id never share a call: every fresh client
 * numbers its requests from the same start, so a sessionless request's id names nobody's call
 * in particular. One dual endpoint, stateless on the 2025 path, over durable jobs (BullMQ on a
 * real redis-server, a worker in this process), driven by the 1.32 client and the 2.x client
 * pinned to 2026-07-28, whose wire ids the test records: with other input each call gets its
 * own result (neither is refused for a key the other holds), with the same input each runs on
 * its own (neither joins the other's job and gets its result).
 */
import type Redis from 'ioredis';
import { StreamableHTTPClientTransport as V1HttpTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { connectClient } from './__fixtures__/dualClients';
import type { AnyClient, ClientKind } from './__fixtures__/dualClients';
import { readLog } from '../jobs/__fixtures__/ReportService';
import { startReportsEndpoint } from './__fixtures__/reportsEndpoint';
import type { ReportsEndpoint } from './__fixtures__/reportsEndpoint';
import { redisMissing } from '../../test/startRedisServer';
import { describeWithServer } from '../../test/describeWithServer';
import { until } from '../../test/until';

/** A client, with the JSON-RPC ids of the `tools/call` requests it sent. */
interface Recorded {
  client: AnyClient;
  callIds: unknown[];
}

const exported = (month: string) => [
  { type: 'text', text: `Exported the orders of ${month} to exports/${month}.csv` },
];

describeWithServer(redisMissing, 'MCP calls of two clients under one JSON-RPC id', () => {
  let endpoint: ReportsEndpoint;
  let store: Redis;
  const open: AnyClient[] = [];

  beforeAll(async () => {
    endpoint = await startReportsEndpoint({ stateless: true });
    store = endpoint.store;
  }, 30_000);

  beforeEach(async () => void (await store.del('log')));

  afterEach(async () => void (await Promise.all(open.splice(0).map((c) => c.close()))));

  afterAll(async () => endpoint?.close());

  /** A fresh client of `kind` over HTTP, ready to call, recording the id of each `tools/call`. */
  async function connect(kind: ClientKind): Promise<Recorded> {
    const callIds: unknown[] = [];
    const recording = (input: string | URL | Request, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      for (const message of [JSON.parse(body || '[]') as unknown].flat())
        if ((message as { method?: string }).method === 'tools/call')
          callIds.push((message as { id?: unknown }).id);
      return fetch(input, init);
    };
    const url = new URL(endpoint.url);
    const transport =
      kind === 'v1'
        ? () => new V1HttpTransport(url, { fetch: recording }) as never
        : () => new StreamableHTTPClientTransport(url, { fetch: recording });
    const client = await connectClient(kind, url, { transport });
    open.push(client);
    // The 1.32 client's first request is `initialize` (id 0); a 2026 client has none, and lists
    // the tools first: either way the first `tools/call` is request 1.
    if (kind !== 'v1') await client.listPage();
    return { client, callIds };
  }

  // First, so that on a server where both calls share a key it is the join that shows.
  it('with the same input, the second call runs on its own instead of joining the first', async () => {
    await store.set('gate:2027-03', 'open');
    const v1 = await connect('v1');
    const pinned = await connect('v2-pinned');
    expect((await v1.client.call('export_orders', { month: '2027-03' })).content).toEqual(
      exported('2027-03'),
    );
    expect((await pinned.client.call('export_orders', { month: '2027-03' })).content).toEqual(
      exported('2027-03'),
    );
    // The collision this guards against: both calls went out as the same request.
    expect(pinned.callIds).toEqual([1]);
    expect(v1.callIds).toEqual([1]);
    // Two runs under two keys, each making its own export: no result was handed over.
    const log = await readLog(store);
    expect(log.map((line) => line.event)).toEqual(['started', 'exported', 'started', 'exported']);
    const [first, , second] = log;
    expect(first!.key).toMatch(/^mcp-[0-9a-f-]{36}$/);
    expect(second!.key).toMatch(/^mcp-[0-9a-f-]{36}$/);
    expect(second!.key).not.toBe(first!.key);
  });

  it('with other input, each client gets its own result', async () => {
    await store.set('gate:2027-01', 'open');
    await store.set('gate:2027-02', 'open');
    const v1 = await connect('v1');
    const pinned = await connect('v2-pinned');
    expect((await v1.client.call('export_orders', { month: '2027-01' })).content).toEqual(
      exported('2027-01'),
    );
    expect((await pinned.client.call('export_orders', { month: '2027-02' })).content).toEqual(
      exported('2027-02'),
    );
    expect(pinned.callIds).toEqual(v1.callIds);
    const log = await readLog(store);
    expect(log.map((line) => line.event)).toEqual(['started', 'exported', 'started', 'exported']);
    expect(new Set(log.map((line) => line.key)).size).toBe(2);
  });

  it('two stateless 2025 clients in flight at once, same request and input, run two jobs', async () => {
    const a = await connect('v1');
    const b = await connect('v1');
    const calls = [
      a.client.call('export_orders', { month: '2027-04' }),
      b.client.call('export_orders', { month: '2027-04' }),
    ];
    await until(
      async () => (await readLog(store)).filter((line) => line.event === 'started').length === 2,
      'both calls to start',
      10_000,
    );
    await store.set('gate:2027-04', 'open');
    const results = await Promise.all(calls);
    expect(results.map((result) => result.content)).toEqual([
      exported('2027-04'),
      exported('2027-04'),
    ]);
    expect(b.callIds).toEqual(a.callIds);
    const events = (await readLog(store)).map((line) => line.event);
    expect(events.filter((event) => event === 'exported')).toHaveLength(2);
  });
});
