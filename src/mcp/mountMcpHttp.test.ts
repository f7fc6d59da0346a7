/**
 * `mountMcpHttp` on a real Nest (Express) application, run in its own process by the
 * `nestApp` fixture, driven by the MCP SDK's client.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createShopRegistry } from './__fixtures__/shopRegistry';
import { FROM_SOURCE } from '../../test/fromSource';

const ROOT = join(__dirname, '..', '..');

/** Starts the Nest fixture app in its own process; resolves once it listens. */
async function startNestApp(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [...FROM_SOURCE, join(__dirname, '__fixtures__', 'nestApp.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'),
        MCP_TOKEN: 't0ken',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  return { child, url };
}

describe('mountMcpHttp on a Nest (Express) application', () => {
  let child: ChildProcess;
  let url: string;

  beforeAll(async () => {
    ({ child, url } = await startNestApp({}));
  });

  afterAll(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  });

  it('serves the registry at /mcp beside the app', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: 'Bearer t0ken' } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.inputSchema)).toEqual(
        createShopRegistry()
          .toAnthropic()
          .map((tool) => tool.input_schema),
      );
      const result = await client.callTool({
        name: 'order',
        arguments: { sku: 'A', quantity: 100 },
      });
      expect(result.isError).toBe(true);
      expect((result.content as Array<{ text: string }>)[0].text).toMatch(/^quantity: /m);
      const ok = await client.callTool({ name: 'add', arguments: { a: 20, b: 22 } });
      expect(ok.content).toEqual([{ type: 'text', text: '42' }]);
    } finally {
      await client.close();
    }
  });

  it("refuses a top-level __proto__ key that went through the app's JSON body parser", async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        requestInit: { headers: { Authorization: 'Bearer t0ken' } },
      }),
    );
    try {
      // JSON.parse keeps "__proto__" as an own key, so it goes out on the wire as JSON text.
      const result = await client.callTool({
        name: 'add',
        arguments: JSON.parse('{"__proto__":{"polluted":true},"a":1,"b":2}'),
      });
      expect(result).toEqual({
        content: [
          {
            type: 'text',
            text: 'Invalid input for tool "add":\n__proto__: the key "__proto__" is not allowed',
          },
        ],
        isError: true,
      });
    } finally {
      await client.close();
    }
  });

  it('keeps the guards: no token is 401', async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });

  it('leaves the rest of the app alone', async () => {
    const response = await fetch(url.replace(/\/mcp$/, '/elsewhere'));
    expect(response.status).toBe(404);
  });
});

describe('mountMcpHttp, stateless, on a Nest (Express) application', () => {
  it('answers calls without a session', async () => {
    const { child, url } = await startNestApp({ MCP_STATELESS: '1' });
    const client = new Client({ name: 'test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: { Authorization: 'Bearer t0ken' } },
    });
    try {
      await client.connect(transport);
      expect(transport.sessionId).toBeUndefined();
      const result = await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } });
      expect(result.content).toEqual([{ type: 'text', text: '3' }]);
    } finally {
      await client.close();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });
});

/** Sends the start of a request and nothing more; resolves with what the server answered, or 'still open'. */
function sendHalfRequest(port: number, head: string, waitMs: number): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve('still open');
    }, waitMs);
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve(received);
    });
    socket.on('error', () => undefined);
  });
}

describe('mountMcpHttp slow-client limits on a Nest (Express) application', () => {
  it("cuts off a client whose headers stall past headersTimeoutMs, on the app's own server", async () => {
    const { child, url } = await startNestApp({ MCP_HEADERS_TIMEOUT_MS: '300' });
    try {
      const { port } = new URL(url);
      const answer = await sendHalfRequest(
        Number(port),
        'POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n',
        15_000,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 30_000);
});
