/** The registry's tools driven by the SDK's own loop, `client.beta.messages.toolRunner`. */
import Anthropic from '@anthropic-ai/sdk';
import { ShopService } from '../agent/__fixtures__/ShopService';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer } from '../testing/types';
import { ToolRegistry } from './ToolRegistry';

describe('toRunnableTools', () => {
  let server: ScriptedServer | undefined;
  afterEach(async () => server?.close());

  it('validates in parse, dispatches in run, and sends errors back as is_error results', async () => {
    server = await startScriptedServer({
      turns: [
        {
          content: [
            { type: 'tool_use', id: 't1', name: 'get_weather', input: { city: 'Paris' } },
            { type: 'tool_use', id: 't2', name: 'add', input: { a: 'one', b: 2 } },
            { type: 'tool_use', id: 't3', name: 'explode', input: { why: 'because' } },
          ],
        },
        { content: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    const shop = new ShopService();
    const registry = new ToolRegistry().register(shop);
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const runner = client.beta.messages.toolRunner({
      model: 'claude-test',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Go' }],
      tools: registry.toRunnableTools(),
      thread: false,
    });
    const final = await runner.runUntilDone();
    expect(final.content[0]).toMatchObject({ type: 'text', text: 'Done.' });
    expect(server.requests[0].body.tools).toEqual(registry.toAnthropic());
    const results = (
      server.requests[1].body.messages?.[2] as { content: Record<string, unknown>[] }
    ).content;
    expect(results.map((r) => [r.tool_use_id, r.is_error ?? false])).toEqual([
      ['t1', false],
      ['t2', true],
      ['t3', true],
    ]);
    expect(JSON.stringify(results[0].content)).toMatch(/Sunny in Paris/);
    expect(JSON.stringify(results[1].content)).toMatch(/Invalid input for tool \\"add\\"/);
    expect(JSON.stringify(results[2].content)).toMatch(/Exploded: because/);
    expect(shop.log).toEqual([
      { tool: 'get_weather', args: ['Paris'] },
      { tool: 'explode', args: ['because'] },
    ]);
    expect(server.pairingViolations).toEqual([]);
  });

  it('runs a requiresApproval tool only when approve approves it, and refuses it without a hook', async () => {
    const refunds = (ids: string[]) => ({
      content: ids.map((id, i) => ({
        type: 'tool_use' as const,
        id,
        name: 'refund',
        input: { orderId: `o${i + 1}`, amount: 5 * (i + 1) },
      })),
    });
    server = await startScriptedServer({
      turns: [
        refunds(['t1', 't2']),
        { content: [{ type: 'text', text: 'Done.' }] },
        refunds(['t3']),
        { content: [{ type: 'text', text: 'Done.' }] },
      ],
    });
    const shop = new ShopService();
    const registry = new ToolRegistry().register(shop);
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const resultsOf = (request: number): unknown[][] =>
      (
        server!.requests[request].body.messages?.[2] as { content: Record<string, unknown>[] }
      ).content.map((r) => [r.tool_use_id, r.is_error ?? false, JSON.stringify(r.content)]);
    const run = (tools: ReturnType<ToolRegistry['toRunnableTools']>) =>
      client.beta.messages
        .toolRunner({
          model: 'claude-test',
          max_tokens: 100,
          messages: [{ role: 'user', content: 'Refund' }],
          tools,
          thread: false,
        })
        .runUntilDone();

    await run(registry.toRunnableTools({ approve: (call) => call.input.amount === 5 }));
    expect(resultsOf(1)).toEqual([
      ['t1', false, expect.stringContaining('Refunded 5 on o1')],
      ['t2', true, expect.stringContaining('was not run: the call was denied (not approved)')],
    ]);
    await run(registry.toRunnableTools());
    expect(resultsOf(3)).toEqual([
      ['t3', true, expect.stringContaining('requires approval and no approval hook is configured')],
    ]);
    expect(shop.log).toEqual([{ tool: 'refund', args: ['o1', 5] }]);
  });
});
