/** The standalone Streamable HTTP server: sessions, refusals, idle eviction, path and Host options. */
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startMcpHttpServer } from './startMcpHttpServer';
import type { RunningMcpHttpServer } from './startMcpHttpServer';
import { createShopRegistry } from './__fixtures__/shopRegistry';
import { until } from '../../test/until';

async function connect(
  url: string,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: 'test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  return { client, transport };
}

/** The status of an initialize POST sent with the given Host header. */
function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { ...initialize.headers, Host: host } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(initialize.body);
  });
}

const initialize = {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    },
  }),
};

describe('startMcpHttpServer', () => {
  let server: RunningMcpHttpServer;
  afterEach(async () => server?.close());

  it('keeps one session per client and forgets it when the client ends it', async () => {
    server = await startMcpHttpServer(createShopRegistry(), { name: 'shop', version: '1.0.0' });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/mcp`);
    const a = await connect(server.url);
    const b = await connect(server.url);
    expect(server.sessionCount).toBe(2);
    expect(a.transport.sessionId).not.toBe(b.transport.sessionId);
    await a.transport.terminateSession();
    await a.client.close();
    expect(server.sessionCount).toBe(1);
    await b.client.close();
  });

  it('answers 404 to an unknown session and to another path', async () => {
    server = await startMcpHttpServer(createShopRegistry(), { name: 'shop', version: '1.0.0' });
    const unknown = await fetch(server.url, {
      ...initialize,
      headers: { ...initialize.headers, 'Mcp-Session-Id': 'no-such-session' },
    });
    expect(unknown.status).toBe(404);
    expect((await fetch(server.url.replace('/mcp', '/other'), initialize)).status).toBe(404);
  });

  it('leaves no session behind for a request that is not an initialize', async () => {
    server = await startMcpHttpServer(createShopRegistry(), { name: 'shop', version: '1.0.0' });
    const response = await fetch(server.url, {
      ...initialize,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(400);
    expect(server.sessionCount).toBe(0);
  });

  it('answers 503 past maxSessions', async () => {
    server = await startMcpHttpServer(createShopRegistry(), {
      name: 'shop',
      version: '1.0.0',
      maxSessions: 1,
    });
    const first = await connect(server.url);
    expect((await fetch(server.url, initialize)).status).toBe(503);
    await first.client.close();
  });

  it('closes sessions left idle with nothing open', async () => {
    server = await startMcpHttpServer(createShopRegistry(), {
      name: 'shop',
      version: '1.0.0',
      sessionIdleMs: 20,
    });
    const response = await fetch(server.url, initialize);
    await response.text();
    expect(response.headers.get('mcp-session-id')).toBeTruthy();
    await until(() => server.sessionCount === 0, 'the idle session to close');
  });

  it('serves on a chosen path and host with a custom Host allow-list', async () => {
    server = await startMcpHttpServer(createShopRegistry(), {
      name: 'shop',
      version: '1.0.0',
      path: '/tools/mcp',
      allowedHosts: ['127.0.0.1'],
    });
    expect(server.url).toMatch(/\/tools\/mcp$/);
    const { client } = await connect(server.url);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    await client.close();
    expect(await statusWithHost(server.url, `localhost:${server.port}`)).toBe(403);
    expect(await statusWithHost(server.url, `127.0.0.1:${server.port}`)).toBe(200);
  });
});
