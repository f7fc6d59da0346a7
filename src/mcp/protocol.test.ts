/**
 * MCP protocol details, each driven by the MCP SDK's own client (raw HTTP where the point is
 * what happens on the wire): malformed calls, `tools/list` pages, cancellation and dropped
 * connections, stateless mode, and slow clients.
 */
import { connect as connectSocket } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpError } from '@modelcontextprotocol/sdk/types.js';
import { CallToolResultSchema, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer } from './createMcpServer';
import { startMcpHttpServer } from './startMcpHttpServer';
import type { McpHttpServerOptions, RunningMcpHttpServer } from './startMcpHttpServer';
import { createShopRegistry, waitLog } from './__fixtures__/shopRegistry';
import { until } from '../../test/until';

async function inMemory(pageSize?: number) {
  const server = createMcpServer(createShopRegistry(), { name: 'shop', version: '1', pageSize });
  const client = new Client({ name: 'test', version: '1' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return client;
}

/** The JSON-RPC error a raw `tools/call` with these params gets. */
async function callError(client: Client, params: Record<string, unknown>): Promise<McpError> {
  const request = { method: 'tools/call', params } as never;
  return client.request(request, CallToolResultSchema).then(
    () => {
      throw new Error('expected an error');
    },
    (error: McpError) => error,
  );
}

describe('malformed tools/call', () => {
  let client: Client;
  beforeAll(async () => (client = await inMemory()));
  afterAll(() => client.close());

  it.each([
    [{ arguments: {} }, 'the tool name (params.name) is missing'],
    [{ name: '', arguments: {} }, 'params.name must be a non-empty string, got a string'],
    [{ name: 'add', arguments: [1, 2] }, 'params.arguments must be an object, got an array'],
    [{ name: 'add', arguments: 'a=1' }, 'params.arguments must be an object, got a string'],
  ])('%j is invalid params (-32602) in one line', async (params, reason) => {
    const error = await callError(client, params);
    expect(error.code).toBe(ErrorCode.InvalidParams);
    expect(error.message).toBe(`MCP error -32602: Invalid tools/call params: ${reason}`);
  });

  it('still runs a well-formed call, and one without arguments', async () => {
    const sum = await client.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
    expect(sum.content).toEqual([{ type: 'text', text: '5' }]);
    const enabled = await client.callTool({ name: 'enable_extras' });
    expect(enabled.content).toEqual([{ type: 'text', text: 'extras enabled' }]);
  });
});

describe('tools/list pages', () => {
  it('pages by pageSize with nextCursor until every tool is listed once', async () => {
    const client = await inMemory(3);
    const names: string[] = [];
    const sizes: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined);
      names.push(...page.tools.map((tool) => tool.name));
      sizes.push(page.tools.length);
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([3, 3, 2]);
    expect(names).toEqual(
      createShopRegistry()
        .list()
        .map((tool) => tool.name),
    );
    const bad = await client
      .request({ method: 'tools/list', params: { cursor: 'nope' } } as never, CallToolResultSchema)
      .catch((e: McpError) => e);
    expect((bad as McpError).code).toBe(ErrorCode.InvalidParams);
    await client.close();
  });
});

/** A session opened by the SDK client; raw requests then go to it with these headers. */
async function openSession(url: string) {
  const client = new Client({ name: 'test', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'Mcp-Session-Id': transport.sessionId!,
    'Mcp-Protocol-Version': transport.protocolVersion ?? '2025-06-18',
  };
  return { client, headers };
}

const waitCall = (id: number, label: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'wait_for_abort', arguments: { label } },
  });

describe('cancellation over Streamable HTTP', () => {
  let server: RunningMcpHttpServer;
  afterEach(() => server.close());

  it('closes the cancelled request’s stream after notifications/cancelled', async () => {
    server = await startMcpHttpServer(createShopRegistry(), { name: 'shop', version: '1' });
    const { client, headers } = await openSession(server.url);
    const response = await fetch(server.url, {
      method: 'POST',
      headers,
      body: waitCall(41, 'cancelled'),
    });
    const body = response.text();
    await until(() => waitLog.includes('started cancelled'), 'the call to start');
    const cancel = await fetch(server.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 41, reason: 'user pressed stop' },
      }),
    });
    expect(cancel.status).toBe(202);
    // Without the fix this read never ends and the test times out.
    expect(await body).not.toContain('"result"');
    expect(waitLog).toContain('aborted cancelled');
    await client.close();
  });

  it('aborts the tool’s signal when the client drops its connection mid-call', async () => {
    server = await startMcpHttpServer(createShopRegistry(), { name: 'shop', version: '1' });
    const { client, headers } = await openSession(server.url);
    const drop = new AbortController();
    const response = fetch(server.url, {
      method: 'POST',
      headers,
      body: waitCall(42, 'dropped'),
      signal: drop.signal,
    }).then((r) => r.text());
    await until(() => waitLog.includes('started dropped'), 'the call to start');
    drop.abort();
    await expect(response).rejects.toThrow();
    await until(() => waitLog.includes('aborted dropped'), 'the dropped call to stop');
    await client.close();
  });
});

describe('stateless Streamable HTTP', () => {
  let server: RunningMcpHttpServer;
  afterEach(() => server.close());

  it('answers each request on its own: no session id, any client, any instance', async () => {
    const options: McpHttpServerOptions = { name: 'shop', version: '1', stateless: true };
    server = await startMcpHttpServer(createShopRegistry(), options);
    const second = await startMcpHttpServer(createShopRegistry(), options);
    try {
      const client = new Client({ name: 'test', version: '1' });
      const transport = new StreamableHTTPClientTransport(new URL(server.url));
      await client.connect(transport);
      expect(transport.sessionId).toBeUndefined();
      expect(server.sessionCount).toBe(0);
      const sum = await client.callTool({ name: 'add', arguments: { a: 20, b: 22 } });
      expect(sum.content).toEqual([{ type: 'text', text: '42' }]);
      // A call that lands on another instance (as behind a load balancer) is answered the same.
      const elsewhere = await fetch(second.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Mcp-Protocol-Version': transport.protocolVersion ?? '2025-06-18',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: 'add', arguments: { a: 1, b: 1 } },
        }),
      });
      expect(await elsewhere.text()).toContain('{"type":"text","text":"2"}');
      expect((await fetch(server.url, { method: 'GET' })).status).toBe(405);
      await client.close();
    } finally {
      await second.close();
    }
  });
});

describe('slow clients', () => {
  let server: RunningMcpHttpServer;
  afterEach(() => server.close());

  /** Opens a socket, sends `first`, then trickles `drip` every 50 ms; resolves with what came back when the server closes it. */
  function trickle(port: number, first: string, drip: string): Promise<string> {
    return new Promise((resolve) => {
      const socket = connectSocket(port, '127.0.0.1');
      let received = '';
      const timer = setInterval(() => socket.write(drip), 50);
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve(received);
      });
      socket.write(first);
    });
  }

  it('cuts off a client whose headers trickle past headersTimeoutMs', async () => {
    server = await startMcpHttpServer(createShopRegistry(), {
      name: 'shop',
      version: '1',
      headersTimeoutMs: 300,
    });
    const answer = await trickle(
      server.port,
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      'X-Slow: 1\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off a client whose body trickles past requestTimeoutMs', async () => {
    server = await startMcpHttpServer(createShopRegistry(), {
      name: 'shop',
      version: '1',
      headersTimeoutMs: 300,
      requestTimeoutMs: 400,
    });
    const head =
      'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Accept: application/json, text/event-stream\r\nContent-Length: 100000\r\n\r\n{';
    const answer = await trickle(server.port, head, ' ');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});
