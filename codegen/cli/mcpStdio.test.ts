/** End to end: `toolwright mcp` over stdio, driven by the MCP SDK's own client. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  describeCommonBehaviour,
  ENV,
  exitCodeOf,
  FIXTURE,
  NODE_ARGS,
  ROOT,
} from './__fixtures__/mcpHarness';

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
    expect(stderr).toContain('raw chatter');
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
