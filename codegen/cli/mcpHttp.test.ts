/** End to end: `toolwright mcp --http`, driven by the MCP SDK's Streamable HTTP client. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  describeCommonBehaviour,
  exitCodeOf,
  httpClient,
  rawPost,
  startHttp,
  textOf,
  TOKEN,
} from './__fixtures__/mcpHarness';

describe('toolwright mcp over Streamable HTTP', () => {
  let server: Awaited<ReturnType<typeof startHttp>>;
  let client: Client;

  beforeAll(async () => {
    server = await startHttp(['--token', TOKEN]);
    client = await httpClient(server.url);
  });

  afterAll(async () => {
    await client?.close();
    if (server?.child.exitCode === null) server.child.kill('SIGTERM');
  });

  it('prints the loopback URL of the /mcp endpoint', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  describeCommonBehaviour(() => client);

  it('answers 50 concurrent calls on one session correctly', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        client.callTool({ name: 'add', arguments: { a: i, b: 1000 } }),
      ),
    );
    expect(results.map(textOf)).toEqual(Array.from({ length: 50 }, (_, i) => String(i + 1000)));
  });

  it('answers 50 concurrent calls spread over 5 sessions correctly', async () => {
    const clients = await Promise.all(Array.from({ length: 5 }, () => httpClient(server.url)));
    try {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          clients[i % 5].callTool({ name: 'add', arguments: { a: i, b: i } }),
        ),
      );
      expect(results.map(textOf)).toEqual(Array.from({ length: 50 }, (_, i) => String(2 * i)));
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('answers 401 to a request without the token', async () => {
    const response = await rawPost(server.url, {});
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body).error.message).toMatch(/bearer token/i);
  });

  it('answers 401 to a wrong token, and the SDK client cannot connect', async () => {
    expect((await rawPost(server.url, { Authorization: 'Bearer nope' })).status).toBe(401);
    const anonymous = new Client({ name: 'anon', version: '1.0.0' });
    await expect(
      anonymous.connect(new StreamableHTTPClientTransport(new URL(server.url))),
    ).rejects.toThrow();
  });

  it('refuses a request with a foreign Host (DNS rebinding)', async () => {
    const response = await rawPost(server.url, {
      Host: 'evil.example',
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body).error.message).toBe('Invalid Host: evil.example');
  });

  it('refuses a request from a foreign Origin', async () => {
    const response = await rawPost(server.url, {
      Origin: 'https://evil.example',
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(response.status).toBe(403);
  });

  it('accepts the token-bearing initialize from a loopback origin', async () => {
    const response = await rawPost(server.url, {
      Origin: 'http://localhost:5173',
      Authorization: `Bearer ${TOKEN}`,
    });
    expect(response.status).toBe(200);
  });

  it('shuts down cleanly on SIGTERM', async () => {
    server.child.kill('SIGTERM');
    expect(await exitCodeOf(server.child)).toBe(0);
  });
});

describe('toolwright mcp --approve elicit over HTTP', () => {
  it('asks the client user and runs the tool once approved', async () => {
    const server = await startHttp(['--token', TOKEN, '--approve', 'elicit']);
    const client = await httpClient(server.url, { elicitation: { form: {} } });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, (req) => {
      asked.push(req.params.message);
      return { action: 'accept', content: { approve: true } };
    });
    try {
      const result = await client.callTool({ name: 'purge', arguments: { scope: 'drafts' } });
      expect(textOf(result)).toBe('purged drafts');
      expect(asked).toHaveLength(1);
    } finally {
      await client.close();
      server.child.kill('SIGINT');
      expect(await exitCodeOf(server.child)).toBe(0);
    }
  });
});

describe('toolwright mcp --http --stateless', () => {
  it('serves calls without a session, and refuses GET with 405', async () => {
    const server = await startHttp(['--token', TOKEN, '--stateless']);
    const client = await httpClient(server.url);
    try {
      expect((client.transport as StreamableHTTPClientTransport).sessionId).toBeUndefined();
      const result = await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
      expect(textOf(result)).toBe('42');
      const get = await fetch(server.url, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(get.status).toBe(405);
    } finally {
      await client.close();
      server.child.kill('SIGTERM');
      expect(await exitCodeOf(server.child)).toBe(0);
    }
  });
});
