/** `createMcpServer` against a real registry, through the MCP SDK's own client in memory. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  ElicitRequestSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolRegistry } from '../index';
import { createMcpServer } from './createMcpServer';
import type { McpServerOptions } from './types';
import { createShopRegistry, PIXEL_PNG, waitLog } from './__fixtures__/shopRegistry';
import { until } from '../../test/until';

interface Connected {
  client: Client;
  registry: ToolRegistry;
  close(): Promise<void>;
}

/** A real SDK client connected in memory to the server of a fresh shop registry. */
async function connect(
  options: Partial<McpServerOptions> = {},
  elicit?: () => ElicitResult,
): Promise<Connected> {
  const registry = createShopRegistry();
  const server = createMcpServer(registry, { name: 'shop', version: '1.0.0', ...options });
  const client = new Client(
    { name: 'test', version: '1.0.0' },
    { capabilities: elicit ? { elicitation: { form: {} } } : {} },
  );
  if (elicit) client.setRequestHandler(ElicitRequestSchema, elicit);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    registry,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as Array<{ type: string; text?: string }>)
    .map((block) => block.text)
    .join('\n');
}

describe('createMcpServer', () => {
  let session: Connected;
  afterEach(async () => session?.close());

  it('lists every tool with the registry schema, untouched', async () => {
    session = await connect();
    const { tools } = await session.client.listTools();
    const anthropic = session.registry.toAnthropic();
    expect(tools.map((tool) => tool.name)).toEqual(anthropic.map((tool) => tool.name));
    for (const [i, tool] of tools.entries()) {
      expect(tool.inputSchema).toEqual(anthropic[i].input_schema);
      expect(tool.description).toBe(anthropic[i].description);
    }
  });

  it('carries annotations from @Tool({ annotations })', async () => {
    session = await connect();
    const { tools } = await session.client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(byName.add.annotations).toEqual({ title: 'Add', readOnlyHint: true });
    expect(byName.add.title).toBe('Add');
    expect(byName.order.annotations).toEqual({ destructiveHint: false, idempotentHint: false });
    expect(byName.purge.annotations).toEqual({ destructiveHint: true });
    expect(byName.explode.annotations).toBeUndefined();
  });

  it('runs a valid call', async () => {
    session = await connect();
    const result = await session.client.callTool({ name: 'add', arguments: { a: 2, b: 40 } });
    expect(result).toEqual({ content: [{ type: 'text', text: '42' }], isError: false });
  });

  it('answers invalid input with isError and the offending path', async () => {
    session = await connect();
    const result = await session.client.callTool({
      name: 'order',
      arguments: { sku: 'X', quantity: 500 },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/order/);
    expect(textOf(result)).toMatch(/^quantity: /m);
  });

  it('answers a missing property with its path', async () => {
    session = await connect();
    const result = await session.client.callTool({ name: 'add', arguments: { a: 1 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^b: /m);
  });

  it('answers an unknown tool with isError naming it and the tools there are', async () => {
    session = await connect();
    const result = await session.client.callTool({ name: 'nope', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Unknown tool "nope"\. Available tools: add, .*\bpurge\b/);
  });

  it('answers a method that throws with its message', async () => {
    session = await connect();
    const result = await session.client.callTool({ name: 'explode', arguments: {} });
    expect(result).toEqual({
      content: [{ type: 'text', text: 'the warehouse is on fire' }],
      isError: true,
    });
  });

  it('sends images as MCP image blocks', async () => {
    session = await connect();
    const result = await session.client.callTool({
      name: 'pixel',
      arguments: { caption: 'a pixel:' },
    });
    expect(result.content).toEqual([
      { type: 'text', text: 'a pixel:' },
      { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
    ]);
  });

  it('passes a call id of its own and the application state to the tool', async () => {
    session = await connect({ state: () => ({ user: 'ada' }) });
    const result = await session.client.callTool({ name: 'whoami', arguments: { greeting: 'hi' } });
    // No session here: the call id is the call's own, not its JSON-RPC id (which any client reuses).
    expect(textOf(result)).toMatch(/^hi whoami mcp-[0-9a-f-]{36} \{"user":"ada"\}$/);
  });

  it('aborts the tool when the client cancels the call', async () => {
    session = await connect();
    const controller = new AbortController();
    const call = session.client.callTool(
      { name: 'wait_for_abort', arguments: { label: 'c1' } },
      undefined,
      {
        signal: controller.signal,
      },
    );
    await until(() => waitLog.includes('started c1'), 'the call to start');
    controller.abort();
    await expect(call).rejects.toThrow();
    await until(() => waitLog.includes('aborted c1'), 'the call to stop');
  });

  it('notifies tools/list_changed after register()', async () => {
    session = await connect();
    const changed = new Promise<void>((resolve) =>
      session.client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    );
    await session.client.callTool({ name: 'enable_extras' });
    await changed;
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('hello');
  });
});

describe('createMcpServer approval', () => {
  let session: Connected;
  afterEach(async () => session?.close());

  it('refuses a requiresApproval tool without an approval hook', async () => {
    session = await connect();
    const result = await session.client.callTool({ name: 'purge', arguments: { scope: 'all' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'Tool "purge" was not run: it requires approval and this MCP server has no approval hook (configure `approve`, or run `toolwright mcp --approve elicit`)',
    );
  });

  it('runs it when the hook approves, and tells the hook what is asked', async () => {
    const seen: unknown[] = [];
    session = await connect({
      approve: (request) => {
        seen.push(request);
        return true;
      },
    });
    const result = await session.client.callTool({ name: 'purge', arguments: { scope: 'all' } });
    expect(textOf(result)).toBe('purged all');
    expect(seen).toEqual([
      expect.objectContaining({ name: 'purge', input: { scope: 'all' }, canElicit: false }),
    ]);
  });

  it('refuses it when the hook denies, with the reason given', async () => {
    session = await connect({ approve: () => ({ deny: 'purges are frozen this week' }) });
    const result = await session.client.callTool({ name: 'purge', arguments: { scope: 'all' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Tool "purge" was not run: purges are frozen this week');
  });

  it('answers invalid input with the registry error before asking anyone', async () => {
    const approve = jest.fn(() => true);
    session = await connect({ approve });
    const result = await session.client.callTool({ name: 'purge', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^scope: /m);
    expect(approve).not.toHaveBeenCalled();
  });

  it('asks the user through elicitation and runs on approval', async () => {
    const questions: string[] = [];
    session = await connect({ approve: 'elicit' }, () => ({
      action: 'accept',
      content: { approve: true },
    }));
    session.client.setRequestHandler(ElicitRequestSchema, (request) => {
      questions.push(request.params.message);
      return { action: 'accept', content: { approve: true } };
    });
    const result = await session.client.callTool({ name: 'purge', arguments: { scope: 'old' } });
    expect(textOf(result)).toBe('purged old');
    expect(questions[0]).toContain('Allow the tool "purge" to run');
    expect(questions[0]).toContain('"scope": "old"');
  });

  it.each<[string, ElicitResult]>([
    ['declines', { action: 'decline' }],
    ['cancels', { action: 'cancel' }],
    ['accepts without approving', { action: 'accept', content: { approve: false } }],
  ])('refuses when the user %s', async (_, answer) => {
    session = await connect({ approve: 'elicit' }, () => answer);
    const result = await session.client.callTool({ name: 'purge', arguments: { scope: 'all' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Tool "purge" was not run: the user did not approve it');
  });

  it('refuses when the hook asks but the client cannot elicit', async () => {
    session = await connect({ approve: () => 'elicit' });
    const result = await session.client.callTool({ name: 'purge', arguments: { scope: 'all' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('this MCP client cannot ask');
  });

  it('refuses when the hook throws', async () => {
    session = await connect({
      approve: () => {
        throw new Error('policy service down');
      },
    });
    const result = await session.client.callTool({ name: 'purge', arguments: { scope: 'all' } });
    expect(textOf(result)).toBe('Tool "purge" was not run: approval failed: policy service down');
  });
});
