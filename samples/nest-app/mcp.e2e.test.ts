/**
 * The support desk's MCP endpoint end to end: the real Nest application on loopback
 * (`McpAppModule`: `ToolwrightMcpModule` behind the app's JWT guard), the real MCP clients of
 * both revisions with tokens signed by `@nestjs/jwt`. One registry serves the app's own tools,
 * the SQL tools and the search tool, each scoped tool hidden from and refused to a caller
 * without its scope; no
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
/** The app's own tools, unscoped, and `who_is_asking` (`desk:read`). */
const OWN = ['find_customer', 'get_order', 'list_orders'];
/** The SQL tools (`sql:read`) and the search tool (`docs:read`) the modules contribute. */
const SQL = ['describe_table', 'list_tables', 'run_query'];
const ALL = [...OWN, 'who_is_asking', ...SQL, 'search_documents'].sort();
const EVERY_SCOPE = 'desk:read sql:read docs:read';

describe('nest-app: the MCP endpoint', () => {
  let app: INestApplication;
  let base: string;
  let token: string;
  const jwt = new JwtService({ secret: SECRET });

  /** Starts the app on loopback; its URL becomes `base`. */
  async function startApp(): Promise<void> {
    process.env.JWT_SECRET = SECRET;
    process.env.PUBLIC_URL = PUBLIC_URL;
    const moduleRef = await Test.createTestingModule({ imports: [McpAppModule] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  }

  // One app for the tests that only read from it; the test of app.close() starts its own.
  beforeAll(async () => {
    await startApp();
    token = await jwt.signAsync({ sub: 'ada', scope: EVERY_SCOPE });
  });

  afterAll(async () => app?.close());

  const auth = (bearer = token) => ({ headers: { Authorization: `Bearer ${bearer}` } });

  /** A 2025-11-25 client connected with `bearer`. */
  async function v1Client(bearer = token): Promise<V1Client> {
    const client = new V1Client({ name: 'v1', version: '1' });
    await client.connect(new V1Transport(new URL(`${base}/mcp`), { requestInit: auth(bearer) }));
    return client;
  }

  it('serves the app’s own, SQL and search tools from one registry to a caller with every scope', async () => {
    const client = await v1Client();
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(ALL);
      const text = async (name: string, args: Record<string, unknown>) => {
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError).toBeFalsy();
        return JSON.stringify(result.content);
      };
      expect(await text('find_customer', { email: 'ada@example.com' })).toContain('cus_1');
      expect(await text('who_is_asking', {})).toContain(`ada [${EVERY_SCOPE}]`);
      expect(await text('list_tables', {})).toContain('customers');
      expect(await text('search_documents', { query: 'refunds card' })).toContain(
        '5 business days',
      );
    } finally {
      await client.close();
    }
  });

  it('hides and refuses each scoped tool to a caller without its scope', async () => {
    const client = await v1Client(await jwt.signAsync({ sub: 'bob', scope: 'desk:read' }));
    try {
      const names = (await client.listTools()).tools.map((t) => t.name).sort();
      expect(names).toEqual([...OWN, 'who_is_asking'].sort());
      const refused = await client.callTool({ name: 'run_query', arguments: { sql: 'SELECT 1' } });
      expect(refused.isError).toBe(true);
      expect(JSON.stringify(refused.content)).toContain('requires the scope \\"sql:read\\"');
      const search = await client.callTool({ name: 'search_documents', arguments: { query: 'x' } });
      expect(JSON.stringify(search.content)).toContain('requires the scope \\"docs:read\\"');
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
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(ALL);
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
      scopes_supported: ['desk:read', 'sql:read', 'docs:read'],
    });
  });

  it('closes a connected client’s session on app.close(), and the server stops', async () => {
    await app.close();
    await startApp();
    const client = await v1Client();
    await client.listTools();
    const handler = app.get<McpHttpHandler>(MCP_HANDLER);
    expect(handler.sessionCount).toBe(1);
    await app.close();
    expect(handler.sessionCount).toBe(0);
    expect(app.getHttpServer().listening).toBe(false);
    await client.close();
  });
});
