/**
 * The support desk's MCP endpoint end to end: the real Nest application on loopback
 * (`McpAppModule`: `ToolwrightMcpModule` behind the app's JWT guard), the real MCP clients of
 * both revisions with tokens signed by `@nestjs/jwt`. A token lists and calls the app's tools; no
 * token is the guard's 401 with the `WWW-Authenticate` challenge naming the RFC 9728 metadata,
 * which its route answers; `app.close()` ends a connected client's session and returns.
 */
import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { JwtService } from '@nestjs/jwt';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { MCP_HANDLER } from 'toolwright/nest';
import type { McpHttpHandler } from 'toolwright/mcp2';
import { McpAppModule } from './mcp/McpAppModule';

const SECRET = 'sample-secret-of-at-least-thirty-two-bytes';
/** Where clients reach the app (behind a proxy): the resource the metadata names. */
const PUBLIC_URL = 'https://desk.example.com';
const TOOLS = ['find_customer', 'get_order', 'list_orders'];

describe('nest-app: the MCP endpoint', () => {
  let app: INestApplication;
  let base: string;
  let token: string;

  beforeEach(async () => {
    process.env.JWT_SECRET = SECRET;
    process.env.PUBLIC_URL = PUBLIC_URL;
    const moduleRef = await Test.createTestingModule({ imports: [McpAppModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    token = await new JwtService({ secret: SECRET }).signAsync({
      sub: 'ada',
      scope: 'orders:read',
    });
  });

  afterEach(async () => app?.close());

  const auth = () => ({ headers: { Authorization: `Bearer ${token}` } });

  it('lists and calls the app’s tools with a token, for a 2025-11-25 client', async () => {
    const client = new V1Client({ name: 'v1', version: '1' });
    await client.connect(new V1Transport(new URL(`${base}/mcp`), { requestInit: auth() }));
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOLS);
      const found = await client.callTool({
        name: 'find_customer',
        arguments: { email: 'ada@example.com' },
      });
      expect(JSON.stringify(found.content)).toContain('cus_1');
    } finally {
      await client.close();
    }
  });

  it('lists the tools for a client pinned to 2026-07-28', async () => {
    const client = new Client(
      { name: 'v2', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: auth() }),
    );
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(TOOLS);
    } finally {
      await client.close();
    }
  });

  it('answers no token with 401 and the challenge naming the metadata, which its route serves', async () => {
    const response = await fetch(`${base}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(401);
    const path = '/.well-known/oauth-protected-resource/mcp';
    expect(response.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${PUBLIC_URL}${path}"`,
    );
    const metadata = await fetch(`${base}${path}`);
    expect(metadata.status).toBe(200);
    expect(await metadata.json()).toEqual({
      resource: `${PUBLIC_URL}/mcp`,
      authorization_servers: ['https://auth.example.com'],
      bearer_methods_supported: ['header'],
      scopes_supported: ['orders:read'],
    });
  });

  it('closes a connected client’s session on app.close(), and the server stops', async () => {
    const client = new V1Client({ name: 'v1', version: '1' });
    const transport = new V1Transport(new URL(`${base}/mcp`), { requestInit: auth() });
    await client.connect(transport);
    await client.listTools();
    const handler = app.get<McpHttpHandler>(MCP_HANDLER);
    expect(handler.sessionCount).toBe(1);
    await app.close();
    expect(handler.sessionCount).toBe(0);
    expect(app.getHttpServer().listening).toBe(false);
    await client.close();
  });
});
