/**
 * The endpoint reads a POST's JSON body itself (issue 19, server cost): what reaches the wire
 * must stay what the SDK's own reader answers: 413 past 4 MiB, 400 with -32700 for invalid
 * JSON, the SDK's 415 and 406 for the wrong content or accept types, and a well-formed batch
 * still served; the MCP SDK's client works over it statefully and statelessly. `bodyOf`, which
 * both endpoints call, prefers a body a parser already read.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startMcpHttpServer } from './startMcpHttpServer';
import type { RunningMcpHttpServer } from './startMcpHttpServer';
import { createShopRegistry } from './__fixtures__/shopRegistry';
import { bodyOf } from './readJsonBody';

const ACCEPT = 'application/json, text/event-stream';

const initialize = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
});

async function post(
  url: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: { error?: { code: number; message: string } } | undefined }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: ACCEPT, ...headers },
    body,
  });
  const text = await response.text();
  const data = text.match(/^data: (.*)$/m)?.[1] ?? text;
  return { status: response.status, json: data ? JSON.parse(data) : undefined };
}

describe('the MCP endpoint reads JSON bodies as the SDK does', () => {
  let server: RunningMcpHttpServer;
  afterEach(() => server?.close());

  const start = async (stateless = false) =>
    (server = await startMcpHttpServer(createShopRegistry(), {
      name: 'shop',
      version: '1',
      stateless,
    }));

  it.each([false, true])(
    'refuses invalid JSON with 400 and -32700 (stateless: %s)',
    async (stateless) => {
      const { url } = await start(stateless);
      const answer = await post(url, '{"jsonrpc": "2.0", "id": 1,');
      expect(answer.status).toBe(400);
      expect(answer.json?.error).toEqual({ code: -32700, message: 'Parse error: Invalid JSON' });
      expect(server.sessionCount).toBe(0);
    },
  );

  it('refuses a body over 4 MiB with 413, by its length and by what arrives', async () => {
    const { url } = await start();
    const huge = JSON.stringify({ ...initialize(1), padding: 'x'.repeat(4 * 1024 * 1024) });
    const declared = await post(url, huge);
    expect(declared.status).toBe(413);
    expect(declared.json?.error?.message).toBe(
      'Payload Too Large: Request body must not exceed 4194304 bytes',
    );
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(huge));
        controller.close();
      },
    });
    const streamed = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: ACCEPT },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(server.sessionCount).toBe(0);
  });

  it('leaves wrong content and accept types to the SDK (415, 406)', async () => {
    const { url } = await start();
    const body = JSON.stringify(initialize(1));
    expect((await post(url, body, { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await post(url, body, { Accept: 'application/json' })).status).toBe(406);
  });

  it('takes a content type with parameters and initializes a session', async () => {
    const { url } = await start();
    const answer = await post(url, JSON.stringify(initialize(7)), {
      'Content-Type': 'application/json; charset=utf-8',
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ id: 7, result: { serverInfo: { name: 'shop' } } });
    expect(server.sessionCount).toBe(1);
  });

  it.each([false, true])('serves the SDK client end to end (stateless: %s)', async (stateless) => {
    const { url } = await start(stateless);
    const client = new Client({ name: 'test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    const sum = await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
    expect(sum.content).toEqual([{ type: 'text', text: '42' }]);
    await client.close();
  });
});

describe('bodyOf: the body both MCP endpoints take', () => {
  /** What `bodyOf` makes of one request sent to a server (`parsed`: what a body parser read). */
  async function bodySeen(init: RequestInit, parsed?: unknown): Promise<unknown> {
    const server = createServer((req, res) => {
      void bodyOf(req, parsed).then((read) => res.end(JSON.stringify(read)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/mcp`, init);
      return JSON.parse(await response.text()) as unknown;
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  const postOf = (body: string): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: ACCEPT },
    body,
  });

  it('a body a parser read is taken as it is, the stream left unread', async () => {
    expect(await bodySeen(postOf('not json'), { jsonrpc: '2.0', id: 1 })).toEqual({
      body: { jsonrpc: '2.0', id: 1 },
    });
  });

  it('else the JSON read here, or the refusal to send', async () => {
    expect(await bodySeen(postOf('{"id": 3}'))).toEqual({ body: { id: 3 } });
    expect(await bodySeen(postOf('{"id":'))).toEqual({
      rejection: { status: 400, code: -32700, message: 'Parse error: Invalid JSON' },
    });
  });

  it('nothing where the SDK answers the request itself (a GET)', async () => {
    expect(await bodySeen({ method: 'GET' })).toEqual({});
  });
});
