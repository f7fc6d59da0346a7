/**
 * A stateful session is bound to the caller who opened it (`req.auth`, the SDK convention): a
 * request with another caller's token, or none, on that session's id is answered exactly as an
 * unknown session is (404) and runs nothing, while the owner's session keeps working and an
 * anonymous session stays anonymous; an authenticated caller that cannot be bound (neither id
 * nor token) is warned about, once. Real HTTP, real MCP SDK clients.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Param, Tool } from '../decorators/toolSurface';
import { ToolRegistry } from '../registry/ToolRegistry';
import type { ToolCaller } from '../calls/ToolCaller';
import { authInfoOf } from './callerOf';
import { createMcpHttpHandler } from './createMcpHttpHandler';
import type { McpHttpHandler } from './createMcpHttpHandler';
import { LOOPBACK_HOSTS } from './httpGuards';

/** Labels of the `stamp` calls that ran. */
const stamps: string[] = [];

class StampService {
  @Tool({ description: 'Records a label.' })
  stamp(@Param('label') label: string): string {
    stamps.push(label);
    return `stamped ${label}`;
  }
}

const TOKENS: Record<string, ToolCaller> = {
  'token-alice': { id: 'alice', scopes: [], roles: [] },
  'token-alice-refreshed': { id: 'alice', scopes: [], roles: [] },
  'token-bob': { id: 'bob', scopes: [], roles: [] },
};

/** API keys a guard maps to scopes alone: a caller with neither an id nor a token. */
const API_KEYS: Record<string, ToolCaller> = {
  'key-reports': { scopes: ['reports'], roles: [] },
};

/** What the endpoint's logger was told. */
const warnings: string[] = [];

let http: Server;
let mcp: McpHttpHandler;
let url: URL;
beforeAll(async () => {
  mcp = createMcpHttpHandler(new ToolRegistry().register(new StampService()), {
    name: 'binding',
    version: '1',
    allowedHosts: LOOPBACK_HOSTS,
    logger: { warn: (message) => void warnings.push(message) },
  });
  // An auth layer in front, as the SDK's bearer middleware does: the caller goes on `req.auth`.
  http = createServer((req: IncomingMessage & { auth?: unknown }, res) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (token && TOKENS[token]) req.auth = authInfoOf(TOKENS[token], token);
    if (token && API_KEYS[token]) req.auth = authInfoOf(API_KEYS[token]);
    void mcp.handle(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
});
afterAll(async () => {
  await mcp.close();
  await new Promise((resolve) => http.close(resolve));
});

/** An SDK client connected with the token, if any; its transport names the session. */
async function connect(token?: string) {
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: token ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  return { client, sessionId: transport.sessionId as string };
}

/** A raw request on a session, with the token if any. */
async function onSession(
  method: 'POST' | 'GET' | 'DELETE',
  sessionId: string,
  token?: string,
): Promise<{ status: number; body: string }> {
  const response = await fetch(url, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'Mcp-Session-Id': sessionId,
      'Mcp-Protocol-Version': '2025-06-18',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(method === 'POST'
      ? {
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 7,
            method: 'tools/call',
            params: { name: 'stamp', arguments: { label: `hijack-${token ?? 'anonymous'}` } },
          }),
        }
      : {}),
  });
  return { status: response.status, body: await response.text() };
}

it("refuses another caller's and anonymous requests on a caller's session, as an unknown one", async () => {
  const alice = await connect('token-alice');
  try {
    expect(
      (await alice.client.callTool({ name: 'stamp', arguments: { label: 'a1' } })).content,
    ).toEqual([{ type: 'text', text: 'stamped a1' }]);
    const unknown = await onSession('POST', '00000000-0000-4000-8000-000000000000', 'token-bob');
    expect(unknown.status).toBe(404);
    for (const method of ['POST', 'GET', 'DELETE'] as const) {
      for (const token of ['token-bob', undefined]) {
        // Same status and body as a session that does not exist: nothing reveals it.
        expect(await onSession(method, alice.sessionId, token)).toEqual(unknown);
      }
    }
    expect(stamps).not.toContain('hijack-token-bob');
    expect(stamps).not.toContain('hijack-anonymous');
    // The refused DELETEs closed nothing: Alice's session keeps working.
    expect(
      (await alice.client.callTool({ name: 'stamp', arguments: { label: 'a2' } })).content,
    ).toEqual([{ type: 'text', text: 'stamped a2' }]);
    expect(stamps).toEqual(expect.arrayContaining(['a1', 'a2']));
  } finally {
    await alice.client.close();
  }
});

it("serves the owner's session across a fresh token of the same caller id", async () => {
  const alice = await connect('token-alice');
  try {
    expect((await onSession('POST', alice.sessionId, 'token-alice-refreshed')).status).toBe(200);
    expect(stamps).toContain('hijack-token-alice-refreshed');
  } finally {
    await alice.client.close();
  }
});

it('keeps an anonymous session usable anonymously, and only so', async () => {
  const anonymous = await connect();
  try {
    expect(
      (await anonymous.client.callTool({ name: 'stamp', arguments: { label: 'n1' } })).content,
    ).toEqual([{ type: 'text', text: 'stamped n1' }]);
    expect((await onSession('POST', anonymous.sessionId)).status).toBe(200);
    expect(stamps).toContain('hijack-anonymous');
    stamps.length = 0;
    expect((await onSession('POST', anonymous.sessionId, 'token-bob')).status).toBe(404);
    expect(stamps).not.toContain('hijack-token-bob');
  } finally {
    await anonymous.client.close();
  }
});

it('warns once when an authenticated caller with neither id nor token opens a session', async () => {
  const bound = await connect('token-bob');
  const anonymous = await connect();
  await Promise.all([bound.client.close(), anonymous.client.close()]);
  expect(warnings).toEqual([]);

  const keyed = await connect('key-reports');
  const again = await connect('key-reports');
  try {
    // Unbound, as the warning says: a request without the key reaches the session.
    expect((await onSession('POST', keyed.sessionId)).status).toBe(200);
    expect(warnings).toEqual([
      expect.stringContaining(
        'an authenticated caller with neither an id nor a token opened a session, which therefore cannot be bound to it',
      ),
    ]);
  } finally {
    await Promise.all([keyed.client.close(), again.client.close()]);
  }
});
