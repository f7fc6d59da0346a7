/**
 * Tool search with deferred loading (issue 48): the agent defers its tools and adds the hosted
 * tool search tool (or its own client-side search tool), carries `server_tool_use`,
 * `tool_search_tool_result` and `tool_reference` blocks unchanged through run, stream, manual
 * mode and a paused run resumed on another instance, and the scripted server refuses, as the
 * API does, a call of a deferred tool no search loaded.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { MemoryApprovalStore } from '../approvals/MemoryApprovalStore';
import type { PendingApproval } from '../approvals/types';
import { ToolwrightError } from '../errors/ToolwrightError';
import { ToolRegistry } from '../registry/ToolRegistry';
import { startScriptedServer } from '../testing/startScriptedServer';
import { toolSearchBlocks } from '../testing/toolSearchBlocks';
import type {
  RecordedRequest,
  ScriptedReply,
  ScriptedServer,
  ScriptedTurn,
} from '../testing/types';
import {
  PLATFORM_MODELS,
  bedrockClient,
  vertexClient,
} from '../testing/__fixtures__/platformClients';
import { OrderDesk } from './__fixtures__/OrderDesk';
import { blocksOf, say } from './__fixtures__/harness';
import { ToolAgent } from './ToolAgent';
import type { AgentEvent, RunResult, ToolAgentOptions, ToolSearcher } from './types';
import { HashingEmbedder } from '../search/HashingEmbedder';
import { MemorySearchStore } from '../search/MemorySearchStore';
import type { Embedder } from '../search/Embedder';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(turns: ScriptedTurn[]): Promise<void> {
  server = await startScriptedServer({ turns });
}

function instance<Mode extends 'callback' | 'pause' = 'callback'>(
  options: Partial<ToolAgentOptions<unknown, Mode>>,
): { desk: OrderDesk; agent: ToolAgent<unknown, Mode> } {
  const client = new Anthropic({ apiKey: 'test', baseURL: server!.url, maxRetries: 0 });
  const desk = new OrderDesk();
  const registry = new ToolRegistry().register(desk);
  const agent = new ToolAgent<unknown, Mode>({
    client,
    registry,
    model: 'claude-test',
    ...options,
  });
  return { desk, agent };
}

/** `[name, deferred]` of each tool of request `index`, and the type of the server tools. */
const toolsSent = (index: number) =>
  (server!.requests[index].body.tools as Record<string, unknown>[]).map((tool) =>
    tool.type && tool.type !== 'custom'
      ? [tool.name, tool.type]
      : [tool.name, !!tool.defer_loading],
  );

const searchThenCancel = (kind: 'bm25' | 'regex' = 'bm25'): ScriptedReply => ({
  content: [
    { type: 'text', text: 'Let me find the right tool.' },
    ...toolSearchBlocks({
      kind,
      query: kind === 'bm25' ? 'cancel order' : 'cancel.*',
      found: ['cancel_order'],
    }),
    { type: 'tool_use', id: 'c1', name: 'cancel_order', input: { orderId: 'ord_5512' } },
  ],
});

function completed(result: RunResult | PendingApproval): RunResult {
  if (result.status !== 'completed') throw new Error('expected a completed run, got a pause');
  return result;
}

describe('ToolAgent toolSearch (hosted)', () => {
  it('run(): defers all but the kept tool, adds the bm25 search tool, and runs the tool it found', async () => {
    await start([searchThenCancel(), say('Cancelled ord_5512.')]);
    const { desk, agent } = instance({ toolSearch: { kind: 'bm25' } });
    const result = await agent.run('Kill order ord_5512');
    expect(toolsSent(0)).toEqual([
      ['get_order', false],
      ['cancel_order', true],
      ['refund_duplicate_charge', true],
      ['track_shipment', true],
      ['tool_search_tool_bm25', 'tool_search_tool_bm25_20251119'],
    ]);
    expect(desk.log).toEqual(['cancel_order ord_5512']);
    expect(result.finalText).toBe('Cancelled ord_5512.');
    // The assistant turn goes back exactly as the API sent it: search blocks included.
    const history = server!.requests[1].body.messages as MessageParam[];
    expect(history[1]).toEqual({
      role: 'assistant',
      content: searchThenCancel().content.map((block) => expect.objectContaining(block)),
    });
    expect(blocksOf(history[1]).map((b) => b.type)).toEqual([
      'text',
      'server_tool_use',
      'tool_search_tool_result',
      'tool_use',
    ]);
    expect(blocksOf(history[2])).toEqual([
      { type: 'tool_result', tool_use_id: 'c1', content: 'Cancelled ord_5512' },
    ]);
  });

  it('stream(): the regex search tool, the found tool called and answered, history unchanged', async () => {
    await start([searchThenCancel('regex'), say('Done.')]);
    const { desk, agent } = instance({
      toolSearch: { kind: 'regex', alwaysLoaded: ['track_shipment'] },
    });
    const events: AgentEvent[] = [];
    for await (const event of agent.stream('Cancel ord_5512')) events.push(event);
    expect(toolsSent(0)).toEqual([
      ['get_order', false],
      ['cancel_order', true],
      ['refund_duplicate_charge', true],
      ['track_shipment', false],
      ['tool_search_tool_regex', 'tool_search_tool_regex_20251119'],
    ]);
    expect(events.filter((e) => e.type === 'tool_result')).toEqual([
      {
        type: 'tool_result',
        id: 'c1',
        name: 'cancel_order',
        content: 'Cancelled ord_5512',
        isError: false,
      },
    ]);
    expect(desk.log).toEqual(['cancel_order ord_5512']);
    const sent = blocksOf((server!.requests[1].body.messages as MessageParam[])[1]);
    expect(sent.slice(1, 3)).toEqual(
      toolSearchBlocks({ kind: 'regex', query: 'cancel.*', found: ['cancel_order'] }),
    );
  });

  it.each(['bm25', 'client'] as const)(
    '%s: below the threshold nothing is deferred and no search tool is sent',
    async (kind) => {
      await start([say('Hello.')]);
      const { agent } = instance({ toolSearch: { kind, threshold: 4 } });
      await agent.run('Hi');
      expect(toolsSent(0)).toEqual([
        ['get_order', false],
        ['cancel_order', false],
        ['refund_duplicate_charge', false],
        ['track_shipment', false],
      ]);
    },
  );

  it('cache: true marks the last tool sent in full, not a deferred one (outside the cached prefix)', async () => {
    await start([say('Hello.')]);
    const { agent } = instance({ cache: true, toolSearch: { kind: 'bm25' } });
    await agent.run('Hi');
    const tools = server!.requests[0].body.tools as Record<string, unknown>[];
    expect(tools.filter((tool) => tool.cache_control).map((tool) => tool.name)).toEqual([
      'tool_search_tool_bm25',
    ]);
  });

  it('a paused approval of a found tool resumes on another instance with the search blocks intact', async () => {
    const store = new MemoryApprovalStore();
    const turn: ScriptedTurn = {
      content: [
        ...toolSearchBlocks({ query: 'charged twice', found: ['refund_duplicate_charge'] }),
        {
          type: 'tool_use',
          id: 'r1',
          name: 'refund_duplicate_charge',
          input: { paymentId: 'pay_9921' },
        },
      ],
    };
    await start([turn, say('Refunded.')]);
    const options = {
      toolSearch: { kind: 'bm25' as const },
      approvals: 'pause' as const,
      approvalStore: store,
    };
    const paused = await instance<'pause'>(options).agent.run('I was charged twice');
    if (paused.status !== 'pending_approval') throw new Error('expected a pause');
    const other = instance<'pause'>(options);
    const done = completed(await other.agent.resume(paused.runId, { r1: true }));
    expect(other.desk.log).toEqual(['refund_duplicate_charge pay_9921']);
    expect(done.finalText).toBe('Refunded.');
    const history = server!.requests[1].body.messages as MessageParam[];
    expect(blocksOf(history[1]).slice(0, 2)).toEqual(
      toolSearchBlocks({ query: 'charged twice', found: ['refund_duplicate_charge'] }),
    );
    expect(toolsSent(1)).toEqual(toolsSent(0));
  });

  it('a call of a deferred tool no search loaded is refused by the server, as the API does', async () => {
    await start([
      { content: [{ type: 'tool_use', id: 'c1', name: 'cancel_order', input: { orderId: 'o' } }] },
      say('never sent'),
    ]);
    const { agent } = instance({ toolSearch: { kind: 'bm25' } });
    await expect(agent.run('Cancel o')).rejects.toThrow(
      /cancel_order, a deferred tool \(defer_loading\) that no tool_reference has loaded/,
    );
  });
});

describe('ToolAgent toolSearch (client)', () => {
  it('step/resolve: the search tool answers tool_reference blocks, then the found tool runs', async () => {
    await start([
      {
        content: [
          { type: 'tool_use', id: 's1', name: 'search_tools', input: { query: 'cancel an order' } },
        ],
      },
      {
        content: [
          { type: 'tool_use', id: 'c1', name: 'cancel_order', input: { orderId: 'ord_7' } },
        ],
      },
      say('Cancelled.'),
    ]);
    const { desk, agent } = instance({ toolSearch: { kind: 'client', maxResults: 2 } });
    const messages: MessageParam[] = [{ role: 'user', content: 'Cancel ord_7' }];
    const first = await agent.step(messages);
    expect(first.calls.map((c) => c.name)).toEqual(['search_tools']);
    expect(toolsSent(0)).toEqual([
      ['search_tools', false],
      ['get_order', false],
      ['cancel_order', true],
      ['refund_duplicate_charge', true],
      ['track_shipment', true],
    ]);
    messages.push({ role: 'assistant', content: first.message.content });
    const answered = await agent.resolve(first);
    const [result] = blocksOf(answered);
    expect(result.content).toEqual(
      expect.arrayContaining([{ type: 'tool_reference', tool_name: 'cancel_order' }]),
    );
    expect((result.content as unknown[]).length).toBeLessThanOrEqual(2);
    messages.push(answered);
    const second = await agent.step(messages);
    messages.push({ role: 'assistant', content: second.message.content });
    messages.push(await agent.resolve(second));
    expect(desk.log).toEqual(['cancel_order ord_7']);
    expect((await agent.step(messages)).done).toBe(true);
    expect(server!.requests[2].body.messages).toEqual(messages);
  });

  it('run(): a search that finds nothing is answered in words, and the model may search again', async () => {
    await start([
      {
        content: [
          { type: 'tool_use', id: 's1', name: 'search_tools', input: { query: 'zzz qqq' } },
        ],
      },
      {
        content: [
          {
            type: 'tool_use',
            id: 's2',
            name: 'search_tools',
            input: { query: 'where is the parcel' },
          },
        ],
      },
      say('It is out for delivery.'),
    ]);
    const { agent } = instance({ toolSearch: { kind: 'client' } });
    await agent.run('Where is my parcel?');
    const answers = server!.requests
      .slice(1)
      .map((r) => blocksOf((r.body.messages as MessageParam[]).at(-1))[0]!.content);
    expect(answers[0]).toBe('No tool matches "zzz qqq"; try other words.');
    expect(answers[1]).toContainEqual({ type: 'tool_reference', tool_name: 'track_shipment' });
  });

  it.each([
    ['default name, no list of the user', {}, undefined, ['search_tools']],
    [
      'own name, beside the list of the user',
      { toolName: 'find_tool' },
      ['get_order'],
      ['get_order', 'find_tool'],
    ],
  ] as const)(
    'with contextBudget clear_tool_results, context editing never clears the search results (%s)',
    async (_case, search, excludeTools, excluded) => {
      await start([say('Nothing to do.')]);
      const { agent } = instance({
        toolSearch: { kind: 'client', ...search },
        contextBudget: {
          strategy: 'clear_tool_results',
          triggerTokens: 20_000,
          ...(excludeTools ? { excludeTools: [...excludeTools] } : {}),
        },
      });
      await agent.run('Hello');
      // Its results hold the tool_reference blocks that keep the found tools loaded.
      expect(server!.requests[0].body.context_management).toEqual({
        edits: [
          {
            type: 'clear_tool_uses_20250919',
            trigger: { type: 'input_tokens', value: 20_000 },
            exclude_tools: excluded,
          },
        ],
      });
    },
  );
});

describe.each([
  ['Bedrock', 'bedrock', bedrockClient, PLATFORM_MODELS.bedrock],
  ['Vertex', 'vertex', vertexClient, PLATFORM_MODELS.vertex],
] as const)('ToolAgent toolSearch on %s', (_name, platform, makeClient, model) => {
  it.each(['bm25', 'client'] as const)(
    '%s: the search and the found call on the platform route',
    async (kind) => {
      const search: ScriptedTurn =
        kind === 'client'
          ? {
              content: [
                {
                  type: 'tool_use',
                  id: 's1',
                  name: 'search_tools',
                  input: { query: 'cancel order' },
                },
              ],
            }
          : {
              content: toolSearchBlocks({ query: 'cancel order', found: ['cancel_order'] }),
              stop_reason: 'pause_turn',
            };
      const cancel: ScriptedTurn =
        kind === 'client'
          ? {
              content: [
                {
                  type: 'tool_use',
                  id: 'c1',
                  name: 'cancel_order',
                  input: { orderId: 'ord_5512' },
                },
              ],
            }
          : searchThenCancel();
      await start([search, cancel, say('Cancelled.')]);
      const desk = new OrderDesk();
      const agent = new ToolAgent({
        client: makeClient(server!.url),
        registry: new ToolRegistry().register(desk),
        model,
        toolSearch: { kind },
      });
      const stream: AgentEvent[] = [];
      for await (const event of agent.stream('Cancel ord_5512')) stream.push(event);
      expect(stream.at(-1)?.type).toBe('done');
      expect(desk.log).toEqual(['cancel_order ord_5512']);
      expect(server!.requests.map((r) => [r.platform, r.model])).toEqual(
        Array.from({ length: 3 }, () => [platform, model]),
      );
      expect(toolsSent(0)).toContainEqual(['cancel_order', true]);
      // The hosted search is a beta on both platforms (tool-search-tool-2025-10-19); the client
      // search is a custom tool and needs none.
      const betas = kind === 'client' ? undefined : ['tool-search-tool-2025-10-19'];
      expect(server!.requests.map((r) => betasOf(r))).toEqual(Array(3).fill(betas));
    },
  );
});

/** The betas a request names: Bedrock's in the body, Vertex's in the header. */
function betasOf(request: RecordedRequest): string[] | undefined {
  if (request.platform === 'bedrock') return request.body.anthropic_beta;
  const header = request.headers['anthropic-beta'];
  return typeof header === 'string' ? header.split(',') : undefined;
}

/** A searcher of the user's own: the library's hybrid store (BM25 + an embedder's vectors). */
async function hybridSearcher(registry: ToolRegistry, embedder: Embedder): Promise<ToolSearcher> {
  const store = new MemorySearchStore({ embedder });
  await store.add(
    registry
      .descriptors()
      .map((tool) => ({ id: tool.name, title: tool.name, text: tool.description })),
  );
  return {
    search: async (query, maxResults) =>
      (await store.search({ query, maxResults })).map((hit) => hit.source),
  };
}

describe('ToolAgent toolSearch (client, a searcher of the user)', () => {
  it('an embedder-backed searcher answers the search; a name the request does not send is dropped', async () => {
    await start([
      {
        content: [
          { type: 'tool_use', id: 's1', name: 'search_tools', input: { query: 'double charge' } },
        ],
      },
      say('Found it.'),
    ]);
    const client = new Anthropic({ apiKey: 'test', baseURL: server!.url, maxRetries: 0 });
    const registry = new ToolRegistry().register(new OrderDesk());
    const hybrid = await hybridSearcher(registry, new HashingEmbedder());
    const searcher: ToolSearcher = {
      search: async (query, max) => ['drop_database', ...(await hybrid.search(query, max))],
    };
    const agent = new ToolAgent({
      client,
      registry,
      model: 'claude-test',
      toolSearch: { kind: 'client', index: searcher, maxResults: 1 },
    });
    await agent.run('I was charged twice');
    const answer = blocksOf((server!.requests[1].body.messages as MessageParam[]).at(-1))[0]!;
    expect(answer.content).toEqual([
      { type: 'tool_reference', tool_name: 'refund_duplicate_charge' },
    ]);
  });
  it('references only deferred tools: one sent in full (@Tool or the alwaysLoaded option) is skipped', async () => {
    await start([
      {
        content: [{ type: 'tool_use', id: 's1', name: 'search_tools', input: { query: 'order' } }],
      },
      say('Found it.'),
    ]);
    const searcher: ToolSearcher = {
      search: async () => [
        'get_order',
        'track_shipment',
        'cancel_order',
        'refund_duplicate_charge',
      ],
    };
    const { agent } = instance({
      toolSearch: {
        kind: 'client',
        index: searcher,
        maxResults: 1,
        alwaysLoaded: ['track_shipment'],
      },
    });
    await agent.run('Do something with my order');
    expect(
      toolsSent(0)
        .filter(([, deferred]) => deferred === false)
        .map(([name]) => name),
    ).toEqual(['search_tools', 'get_order', 'track_shipment']);
    const answer = blocksOf((server!.requests[1].body.messages as MessageParam[]).at(-1))[0]!;
    expect(answer.content).toEqual([{ type: 'tool_reference', tool_name: 'cancel_order' }]);
  });
});

describe('ToolAgent toolSearch options', () => {
  it('refuses the XML format, an unknown kind and a bad threshold, naming the option', async () => {
    await start([]);
    expect(() => instance({ format: 'xml', toolSearch: { kind: 'bm25' } })).toThrow(
      new ToolwrightError(
        "ToolAgent: toolSearch.kind needs format 'anthropic': the xml format has no deferred tools",
      ),
    );
    expect(() => instance({ toolSearch: { kind: 'vector' as 'bm25' } })).toThrow(
      /toolSearch.kind must be 'bm25', 'regex' or 'client', got "vector"/,
    );
    expect(() => instance({ toolSearch: { kind: 'bm25', threshold: -1 } })).toThrow(
      /toolSearch.threshold must be a whole number/,
    );
  });
});
