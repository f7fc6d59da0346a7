/**
 * The 2026-07-28 revision on the wire of the dual endpoint, in raw HTTP where the point is the
 * bytes: `server/discover`, the header checks against the body (-32020), an unknown revision
 * (-32022 naming the supported ones), cache hints on `tools/list`, and a 2025 `initialize` on the
 * same URL.
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/client';
import { startMcpHttpServer } from './startMcpHttpServer';
import type { RunningMcpHttpServer } from '../mcp/startMcpHttpServer';
import { createDualRegistry } from './__fixtures__/dualRegistry';

const envelope = (version = '2026-07-28') => ({
  [PROTOCOL_VERSION_META_KEY]: version,
  [CLIENT_INFO_META_KEY]: { name: 'raw', version: '1' },
  [CLIENT_CAPABILITIES_META_KEY]: {},
});

let server: RunningMcpHttpServer;
beforeAll(async () => {
  server = await startMcpHttpServer(createDualRegistry(), { name: 'dual', version: '1' });
});
afterAll(() => server.close());

/** POSTs one JSON-RPC request with these headers; the status and the parsed body. */
async function post(
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string>,
): Promise<{
  status: number;
  body: {
    result?: Record<string, unknown>;
    error?: { code: number; message: string; data?: unknown };
  };
}> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const text = await response.text();
  const json = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? '{}');
  return { status: response.status, body: JSON.parse(json) };
}

const modernHeaders = (method: string, name?: string, version = '2026-07-28') => ({
  'MCP-Protocol-Version': version,
  'Mcp-Method': method,
  ...(name ? { 'Mcp-Name': name } : {}),
});

it('answers server/discover with the 2026 revision and cache hints', async () => {
  const { body } = await post(
    'server/discover',
    { _meta: envelope() },
    modernHeaders('server/discover'),
  );
  expect(body.result).toMatchObject({
    supportedVersions: ['2026-07-28'],
    capabilities: { tools: { listChanged: true } },
    ttlMs: 60_000,
  });
});

it('puts cache hints on tools/list: private, since some tools depend on the caller', async () => {
  const { body } = await post('tools/list', { _meta: envelope() }, modernHeaders('tools/list'));
  expect(body.result).toMatchObject({ ttlMs: 60_000, cacheScope: 'private' });
});

it('refuses a header that contradicts the body (-32020)', async () => {
  const { body } = await post(
    'tools/call',
    { name: 'add', arguments: { a: 1, b: 2 }, _meta: envelope() },
    modernHeaders('tools/call', 'explode'),
  );
  expect(body.error?.code).toBe(-32020);
});

it('refuses an unknown revision (-32022) naming the supported ones', async () => {
  const { body } = await post(
    'tools/list',
    { _meta: envelope('2099-01-01') },
    modernHeaders('tools/list', undefined, '2099-01-01'),
  );
  expect(body.error?.code).toBe(-32022);
  expect(JSON.stringify(body.error?.data)).toContain('2026-07-28');
});

it('answers a 2025 initialize on the same URL with a session', async () => {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    }),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('mcp-session-id')).toEqual(expect.any(String));
  expect(await response.text()).toContain('"protocolVersion":"2025-11-25"');
});
