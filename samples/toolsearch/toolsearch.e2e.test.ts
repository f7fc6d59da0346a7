/**
 * The tool search sample, run: an agent over the 1,010-tool back office against the scripted
 * server, with toolwright's search and with the hosted one. The first request keeps all but two
 * tools out of the model's context; the tool found is called and runs.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { startScriptedServer, toolSearchBlocks } from 'toolwright/testing';
import type { ScriptedServer } from 'toolwright/testing';
import { clientSearchAgent, hostedSearchAgent } from './backOfficeAgent';
import { backOfficeRegistry } from './backOfficeRegistry';

let server: ScriptedServer | undefined;
afterEach(async () => {
  if (server) expect(server.pairingViolations).toEqual([]);
  await server?.close();
  server = undefined;
});

const registry = backOfficeRegistry();
const say = (text: string) => ({ content: [{ type: 'text' as const, text }] });
const cancel = {
  type: 'tool_use' as const,
  id: 'c1',
  name: 'cancel_order',
  input: { orderId: 'ord_5512', reason: 'changed mind' },
};

/** The first request's tools: how many, how many deferred, and the bytes the context gets. */
function firstTools() {
  const tools = server!.requests[0].body.tools as { defer_loading?: boolean }[];
  const loaded = tools.filter((tool) => !tool.defer_loading);
  return {
    count: tools.length,
    deferred: tools.length - loaded.length,
    contextShare: JSON.stringify(loaded).length / JSON.stringify(tools).length,
  };
}

const lastContent = (index: number) =>
  (
    (server!.requests[index].body.messages as MessageParam[]).at(-1)!.content as {
      content: unknown;
    }[]
  )[0]!.content;

describe('tool search sample: 1,010 tools', () => {
  it("client search: search_tools finds cancel_order for the model's words, which then runs", async () => {
    server = await startScriptedServer({
      turns: [
        {
          content: [
            { type: 'tool_use', id: 's1', name: 'search_tools', input: { query: 'cancel order' } },
          ],
        },
        { content: [cancel] },
        say('Order ord_5512 is cancelled.'),
      ],
    });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const result = await clientSearchAgent(client, registry).run(
      'Kill ord_5512, the customer changed his mind',
    );
    expect(result.finalText).toBe('Order ord_5512 is cancelled.');
    expect(firstTools()).toMatchObject({ count: 1011, deferred: 1009 });
    expect(firstTools().contextShare).toBeLessThan(0.05);
    expect(lastContent(1)).toContainEqual({ type: 'tool_reference', tool_name: 'cancel_order' });
    expect(JSON.parse(lastContent(2) as string)).toEqual({
      tool: 'cancel_order',
      input: { orderId: 'ord_5512', reason: 'changed mind' },
    });
  });

  it('hosted search: the scripted bm25 search loads cancel_order in the same turn', async () => {
    server = await startScriptedServer({
      turns: [
        {
          content: [
            ...toolSearchBlocks({ query: 'cancel order', found: ['cancel_order'] }),
            cancel,
          ],
        },
        say('Cancelled.'),
      ],
    });
    const client = new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
    const result = await hostedSearchAgent(client, registry).run('Cancel ord_5512');
    expect(result.finalText).toBe('Cancelled.');
    expect(firstTools()).toMatchObject({ count: 1011, deferred: 1009 });
  });
});
