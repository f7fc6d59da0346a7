/**
 * Typed results and progress over MCP, end to end: codegen derives the output schemas of
 * `ReportService`, the registry serves them, and the MCP SDK's own client lists them, validates
 * `structuredContent` against them and receives `notifications/progress`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  CallToolResultSchema,
  ProgressNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import type { ToolRegistry } from '../registry/ToolRegistry';
import { createMcpServer } from './createMcpServer';
import type { McpServerOptions } from './types';
import { createReportRegistry } from './__fixtures__/reportRegistry';

const LINE = {
  type: 'object',
  properties: { region: { type: 'string' }, total: { type: 'number' } },
  required: ['region', 'total'],
  additionalProperties: false,
  description: 'One line of a report.',
};

async function connect(options: Partial<McpServerOptions> = {}) {
  const registry = createReportRegistry();
  const server = createMcpServer(registry, { name: 'reports', version: '1.0.0', ...options });
  const client = new Client({ name: 'test', version: '1.0.0' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return { client, registry, close: () => client.close() };
}

describe('typed results over MCP', () => {
  let session: Awaited<ReturnType<typeof connect>>;
  const warnings: string[] = [];
  beforeAll(async () => {
    session = await connect({ logger: { warn: (m) => warnings.push(m) }, checkResults: true });
  });
  afterAll(() => session.close());

  it('lists each output schema, wrapping a result that is not an object under `result`', async () => {
    const { tools } = await session.client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool.outputSchema]));
    expect(byName.best).toEqual(LINE);
    expect(byName.totals).toEqual({
      type: 'object',
      properties: {
        result: { type: 'array', items: LINE, description: 'One line per region.' },
      },
      required: ['result'],
      additionalProperties: false,
    });
    expect(byName.archive).toBeUndefined();
  });

  it('answers structuredContent in the listed shape, next to the JSON text block', async () => {
    const totals = await session.client.callTool({
      name: 'totals',
      arguments: { regions: ['north', 'east'] },
    });
    const lines = [
      { region: 'north', total: 500 },
      { region: 'east', total: 400 },
    ];
    expect(totals.structuredContent).toEqual({ result: lines });
    expect(totals.content).toEqual([{ type: 'text', text: JSON.stringify(lines) }]);
    const best = await session.client.callTool({ name: 'best', arguments: {} });
    expect(best.structuredContent).toEqual({ region: 'north', total: 900 });
    const archived = await session.client.callTool({ name: 'archive', arguments: { id: 'r1' } });
    expect(archived.structuredContent).toBeUndefined();
    expect(archived.isError).toBe(false);
  });

  it('warns naming the tool and the path when a result breaks its schema, and still answers', async () => {
    const result = await session.client.request(
      { method: 'tools/call', params: { name: 'broken', arguments: {} } },
      CallToolResultSchema,
    );
    expect(result.structuredContent).toEqual({ region: 'south', total: 'many' });
    expect(warnings).toEqual([
      'Tool "broken" returned a result that does not match its output schema: result.total: total must be a number',
    ]);
  });

  it('stays quiet when result checks are off (production)', async () => {
    const quiet: string[] = [];
    const off = await connect({ logger: { warn: (m) => quiet.push(m) }, checkResults: false });
    await off.client.request(
      { method: 'tools/call', params: { name: 'broken', arguments: {} } },
      CallToolResultSchema,
    );
    await off.close();
    expect(quiet).toEqual([]);
  });

  it('keeps the "Returns:" line for Anthropic and exposes the output schema on the registry', () => {
    const registry: ToolRegistry = session.registry;
    expect(registry.get('best')?.outputSchema).toEqual(LINE);
    const totals = registry.toAnthropic().find((tool) => tool.name === 'totals');
    expect(totals?.description).toContain('Returns: One line per region.');
    expect(JSON.stringify(totals)).not.toContain('outputSchema');
  });
});

describe('progress over MCP', () => {
  it('sends notifications/progress for a call that carries a progress token', async () => {
    const { client, close } = await connect();
    const reports: Progress[] = [];
    const result = await client.callTool(
      { name: 'totals', arguments: { regions: ['north', 'east'] } },
      undefined,
      { onprogress: (progress) => reports.push(progress) },
    );
    await close();
    expect(result.isError).toBe(false);
    expect(reports).toEqual([
      { progress: 0, total: 2, message: 'totalling north' },
      { progress: 1, total: 2, message: 'totalling east' },
      { progress: 2, total: 2, message: 'done' },
    ]);
  });

  it('sends none without a token, and the tool runs the same', async () => {
    const { client, close } = await connect();
    const notifications: unknown[] = [];
    client.setNotificationHandler(ProgressNotificationSchema, (notification) => {
      notifications.push(notification);
    });
    const result = await client.callTool({ name: 'totals', arguments: { regions: ['west'] } });
    await close();
    expect(result.structuredContent).toEqual({ result: [{ region: 'west', total: 400 }] });
    expect(notifications).toEqual([]);
  });
});
