/**
 * Shared by the `toolwright mcp` end-to-end tests: starting the command from source (compiled by
 * SWC, as Jest compiles it) on the shop fixture, raw HTTP requests, and the behaviour every
 * transport must show to the MCP SDK's own client.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createShopRegistry } from '../../../src/mcp/__fixtures__/shopRegistry';
import { FROM_SOURCE } from '../../../test/fromSource';

export const ROOT = join(__dirname, '..', '..', '..');
export const ENTRY = join(__dirname, '..', 'mcpMain.ts');
export const FIXTURE = join(ROOT, 'src', 'mcp', '__fixtures__', 'shopRegistry.ts');
export const NODE_ARGS = [...FROM_SOURCE, ENTRY];
export const ENV = {
  ...process.env,
  TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'),
  SHOP_REGISTRY_CHATTY: '1',
} as Record<string, string>;
export const TOKEN = 's3cret';

export type CallResult = Awaited<ReturnType<Client['callTool']>>;

export function textOf(result: CallResult): string {
  return (result.content as Array<{ text?: string }>).map((block) => block.text).join('\n');
}

/** Starts `toolwright mcp --http 0 ...`; resolves with the URL it prints. */
export async function startHttp(
  extra: string[] = [],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(
    process.execPath,
    [...NODE_ARGS, '--module', FIXTURE, '--http', '0', ...extra],
    {
      cwd: ROOT,
      env: { ...ENV, ...env },
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

export function exitCodeOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

export async function httpClient(url: string, capabilities = {}): Promise<Client> {
  const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
  });
  await client.connect(transport);
  return client;
}

/** A raw POST of an initialize request, with chosen headers. */
export function rawPost(
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
export function describeCommonBehaviour(getClient: () => Client) {
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

  it('refuses a top-level __proto__ key sent as JSON text, like a nested one', async () => {
    // JSON.parse keeps "__proto__" as an own key, so the client sends it on the wire.
    const result = await getClient().callTool({
      name: 'order',
      arguments: JSON.parse('{"__proto__":{"polluted":true},"sku":"GM-1","quantity":3}'),
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'Invalid input for tool "order":\n__proto__: the key "__proto__" is not allowed',
    );
  });

  it('answers an unknown tool with isError', async () => {
    const result = await getClient().callTool({ name: 'no_such_tool', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('"no_such_tool"');
  });

  it('answers a method that throws with its message', async () => {
    const result = await getClient().callTool({ name: 'explode', arguments: {} });
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
    await client.callTool({ name: 'enable_extras' });
    await changed;
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('hello');
    expect(textOf(await client.callTool({ name: 'hello', arguments: { name: 'Ada' } }))).toBe(
      'hello Ada',
    );
  });
}
