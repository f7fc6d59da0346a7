/**
 * End to end: `toolwright mcp` started from source (ts-node, transpile-only) on the shop
 * fixture, driven by the MCP SDK's own client over stdio and over Streamable HTTP.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ElicitRequestSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { createShopRegistry } from '../../src/mcp/__fixtures__/shopRegistry';

const ROOT = join(__dirname, '..', '..');
const ENTRY = join(__dirname, 'mcpMain.ts');
const FIXTURE = join(ROOT, 'src', 'mcp', '__fixtures__', 'shopRegistry.ts');
const NODE_ARGS = ['-r', 'ts-node/register/transpile-only', ENTRY];
const ENV = {
  ...process.env,
  TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'),
  SHOP_REGISTRY_CHATTY: '1',
} as Record<string, string>;
const TOKEN = 's3cret';

type CallResult = Awaited<ReturnType<Client['callTool']>>;

function textOf(result: CallResult): string {
  return (result.content as Array<{ text?: string }>).map((block) => block.text).join('\n');
}

/** Starts `toolwright mcp --http 0 ...`; resolves with the URL it prints. */
async function startHttp(
  extra: string[] = [],
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(
    process.execPath,
    [...NODE_ARGS, '--module', FIXTURE, '--http', '0', ...extra],
    {
      cwd: ROOT,
      env: ENV,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+\/mcp)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  return { child, url, output: () => output };
}

function exitCodeOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function httpClient(url: string, capabilities = {}): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
  });
  await client.connect(transport);
  return client;
}

/** A raw POST of an initialize request, with chosen headers. */
function rawPost(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    },
  });
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The checks both transports must pass, on a connected client. */
function describeCommonBehaviour(getClient: () => Client) {
  it('lists the tools with the same schemas as registry.toAnthropic()', async () => {
    const { tools } = await getClient().listTools();
    const expected = createShopRegistry().toAnthropic();
    expect(tools.map((tool) => [tool.name, tool.description, tool.inputSchema])).toEqual(
      expected.map((tool) => [tool.name, tool.description, tool.input_schema]),
    );
  });

  it('runs a valid call', async () => {
    const result = await getClient().callTool({
      name: 'order',
      arguments: { sku: 'GM-1', quantity: 3 },
    });
    expect(result.isError).toBe(false);
    expect(JSON.parse(textOf(result))).toEqual({ sku: 'GM-1', quantity: 3 });
  });

  it('answers invalid input with isError and the path', async () => {
    const result = await getClient().callTool({
      name: 'order',
      arguments: { sku: 'GM-1', quantity: 0 },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^quantity: /m);
  });

  it('answers an unknown tool with isError', async () => {
    const result = await getClient().callTool({ name: 'no_such_tool', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('"no_such_tool"');
  });

  it('answers a method that throws with its message', async () => {
    const result = await getClient().callTool({ name: 'explode', arguments: { reason: 'fire' } });
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'the warehouse is on fire' }],
    });
  });

  it('refuses a requiresApproval tool without an approval hook', async () => {
    const result = await getClient().callTool({ name: 'purge', arguments: { scope: 'all' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('Tool "purge" was not run: it requires approval');
  });

  it('notifies tools/list_changed after register()', async () => {
    const client = getClient();
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    await client.callTool({ name: 'enable_extras', arguments: { confirm: true } });
    await changed;
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('hello');
    expect(textOf(await client.callTool({ name: 'hello', arguments: { name: 'Ada' } }))).toBe(
      'hello Ada',
    );
  });
}

describe('toolwright mcp over stdio', () => {
  let client: Client;
  let transport: StdioClientTransport;
  const transportErrors: Error[] = [];
  let stderr = '';

  beforeAll(async () => {
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [...NODE_ARGS, '--module', FIXTURE],
      cwd: ROOT,
      env: ENV,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'test', version: '1.0.0' });
    client.onerror = (error) => transportErrors.push(error);
    await client.connect(transport);
  });

  afterAll(async () => client?.close());

  describeCommonBehaviour(() => client);

  it('keeps stdout for the protocol: module chatter goes to stderr', () => {
    expect(transportErrors).toEqual([]);
    expect(stderr).toContain('shop registry loaded');
  });

  it('reports the module name as the server name', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'shopRegistry' });
  });

  it('exits 0 when the client closes stdin', async () => {
    const pid = transport.pid;
    await client.close();
    expect(pid).toBeDefined();
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        try {
          process.kill(pid as number, 0);
        } catch {
          clearInterval(poll);
          resolve();
        }
      }, 50);
    });
  });
});

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

describe('toolwright mcp usage errors', () => {
  function run(args: string[]): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(process.execPath, [...NODE_ARGS, ...args], { cwd: ROOT, env: ENV });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    return exitCodeOf(child).then((code) => ({ code, stderr }));
  }

  it('exits 2 with the usage when --module is missing', async () => {
    const { code, stderr } = await run([]);
    expect(code).toBe(2);
    expect(stderr).toContain('--module <file> is required');
    expect(stderr).toContain('Usage: toolwright mcp');
  });

  it('exits 1 naming the file when the module exports no registry', async () => {
    const { code, stderr } = await run(['--module', join(ROOT, 'src', 'mcp', 'types.ts')]);
    expect(code).toBe(1);
    expect(stderr).toContain('types.ts exports no ToolRegistry');
  });

  it('exits 1 when the module does not exist', async () => {
    const { code, stderr } = await run(['--module', 'nowhere.js']);
    expect(code).toBe(1);
    expect(stderr).toContain('nowhere.js does not exist');
  });
});
