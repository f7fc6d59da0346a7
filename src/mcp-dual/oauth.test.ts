/**
 * A dual endpoint outside Nest protected as the MCP authorization spec describes: the
 * `verifyToken` hook decides who calls, a request without a valid token is 401 with
 * `WWW-Authenticate: Bearer resource_metadata="…"`, and that URL serves the RFC 9728
 * protected-resource metadata.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startMcpHttpServer } from './startMcpHttpServer';
import type { RunningMcpHttpServer } from '../mcp/startMcpHttpServer';
import type { ToolCaller } from '../calls/ToolCaller';
import { createDualRegistry } from './__fixtures__/dualRegistry';
import { AuditWriter } from '../calls/__fixtures__/AuditWriter';
import { connectClient } from './__fixtures__/dualClients';

/** The tokens the hook knows. */
const TOKENS: Record<string, ToolCaller> = {
  'token-alice': { id: 'alice', scopes: ['audit:read'], roles: [] },
  'token-bob': { id: 'bob', scopes: [], roles: [] },
  'token-carol': { id: 'carol', scopes: ['audit:read'], roles: [] },
  'token-dana': { id: 'dana', scopes: ['audit:write', 'audit:read'], roles: [] },
};

let server: RunningMcpHttpServer;
let resource: string;
beforeAll(async () => {
  server = await startMcpHttpServer(createDualRegistry().register(new AuditWriter()), {
    name: 'oauth',
    version: '1',
    verifyToken: (token) => TOKENS[token],
    protectedResource: {
      resource: 'http://127.0.0.1/mcp',
      authorizationServers: ['https://auth.example.com'],
      scopesSupported: ['audit:read'],
    },
  });
  resource = server.url.replace(/\/mcp$/, '');
});
afterAll(() => server.close());

const list = (headers: Record<string, string> = {}) =>
  fetch(server.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });

it('answers 401 naming the metadata, without a token and with an unknown one', async () => {
  const missing = await list();
  expect(missing.status).toBe(401);
  expect(missing.headers.get('www-authenticate')).toBe(
    'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp"',
  );
  const unknown = await list({ Authorization: 'Bearer nope' });
  expect(unknown.status).toBe(401);
  expect(unknown.headers.get('www-authenticate')).toMatch(
    /^Bearer error="invalid_token", resource_metadata=/,
  );
});

it('serves the RFC 9728 metadata at the well-known paths', async () => {
  for (const path of [
    '/.well-known/oauth-protected-resource/mcp',
    '/.well-known/oauth-protected-resource',
  ]) {
    const response = await fetch(`${resource}${path}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      resource: 'http://127.0.0.1/mcp',
      authorization_servers: ['https://auth.example.com'],
      bearer_methods_supported: ['header'],
      scopes_supported: ['audit:read'],
    });
  }
});

it.each(['v1', 'v2-auto'] as const)('gives the verified caller to the tools (%s)', async (kind) => {
  const alice = await connectClient(kind, new URL(server.url), {
    headers: { Authorization: 'Bearer token-alice' },
  });
  const bob = await connectClient(kind, new URL(server.url), {
    headers: { Authorization: 'Bearer token-bob' },
  });
  try {
    expect(await alice.listAll()).toContain('read_audit');
    expect(await bob.listAll()).not.toContain('read_audit');
    expect((await alice.call('who_calls', { note: 'n' })).content).toEqual([
      { type: 'text', text: 'n: alice [audit:read]' },
    ]);
    expect((await bob.call('read_audit', {})).isError).toBe(true);
  } finally {
    await Promise.all([alice.close(), bob.close()]);
  }
});

it.each(['v1', 'v2-auto'] as const)(
  'asks every scope a tool declares, not one of them (%s)',
  async (kind) => {
    const connect = (token: string) =>
      connectClient(kind, new URL(server.url), { headers: { Authorization: `Bearer ${token}` } });
    const carol = await connect('token-carol');
    const dana = await connect('token-dana');
    try {
      expect(await carol.listAll()).toContain('read_audit');
      expect(await carol.listAll()).not.toContain('write_audit');
      expect(await carol.call('write_audit', { line: 'x' })).toMatchObject({
        content: [
          {
            type: 'text',
            text: 'Tool "write_audit" was not run: it requires the scope "audit:write"',
          },
        ],
        isError: true,
      });
      expect(await dana.listAll()).toContain('write_audit');
      expect((await dana.call('write_audit', { line: 'x' })).content).toEqual([
        { type: 'text', text: 'appended: x' },
      ]);
    } finally {
      await Promise.all([carol.close(), dana.close()]);
    }
  },
);

it('answers another verified caller on a 2025 session as on an unknown session', async () => {
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    requestInit: { headers: { Authorization: 'Bearer token-alice' } },
  });
  const alice = new Client({ name: 'alice', version: '1' });
  await alice.connect(transport);
  const onSession = async (sessionId: string) => {
    const response = await list({
      Authorization: 'Bearer token-bob',
      'Mcp-Session-Id': sessionId,
      'Mcp-Protocol-Version': '2025-06-18',
    });
    return { status: response.status, body: await response.text() };
  };
  try {
    const unknown = await onSession('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(await onSession(transport.sessionId as string)).toEqual(unknown);
    expect((await alice.callTool({ name: 'who_calls', arguments: { note: 'n' } })).content).toEqual(
      [{ type: 'text', text: 'n: alice [audit:read]' }],
    );
  } finally {
    await alice.close();
  }
});
