/**
 * `contextBudget` end to end on the scripted server, which applies context management as the API
 * does: each request carries the edit and its beta; cleared tool results are reported and the
 * agent's own history keeps them whole; a compaction block that opens a reply stays in the history
 * and goes back as received in run, stream, manual mode, a paused and resumed run, and on Bedrock;
 * what a platform or format does not offer is refused at construction.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { Message, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { PendingApproval } from '../../approvals/types';
import { ToolRegistry } from '../../registry/ToolRegistry';
import { startScriptedServer } from '../../testing/startScriptedServer';
import type { ScriptedServer, ScriptedTurn } from '../../testing/types';
import {
  PLATFORM_MODELS,
  bedrockClient,
  vertexClient,
} from '../../testing/__fixtures__/platformClients';
import { blocksOf, say, use } from '../__fixtures__/harness';
import { ToolAgent } from '../ToolAgent';
import type { AgentClient, AgentEvent, RunResult, ToolAgentOptions } from '../types';
import { LogService } from './__fixtures__/LogService';

let server: ScriptedServer | undefined;
afterEach(async () => {
  if (server) expect(server.pairingViolations).toEqual([]);
  await server?.close();
  server = undefined;
});

const read = (id: string, day: string): ScriptedTurn =>
  use({ id, name: 'read_log', input: { day } });

async function start(turns: ScriptedTurn[]): Promise<Anthropic> {
  server = await startScriptedServer({ turns, compactionSummary: 'Read the logs of mon and tue.' });
  return new Anthropic({ apiKey: 'test', baseURL: server.url, maxRetries: 0 });
}

function agentOn(client: AgentClient, options: Partial<ToolAgentOptions> = {}) {
  const logs = new LogService();
  const registry = new ToolRegistry().register(logs);
  const agent = new ToolAgent({ client, registry, model: 'claude-test', ...options });
  return { agent, logs };
}

const compact = { strategy: 'compact', triggerTokens: 50_000 } as const;
const clear = { strategy: 'clear_tool_results', triggerTokens: 20_000, keepToolUses: 1 } as const;

/** What the API said it did to the prompt of a reply. */
const managed = (message: Message) =>
  (message as Message & { context_management?: unknown }).context_management;

const compactionsIn = (messages: readonly unknown[]) =>
  messages.flatMap((m) => blocksOf(m)).filter((b) => b.type === 'compaction');

function completed(result: RunResult | PendingApproval): RunResult {
  if (result.status !== 'completed') throw new Error('expected a completed run, got a pause');
  return result;
}

async function finalOf(events: AsyncIterable<AgentEvent>): Promise<RunResult> {
  for await (const event of events) if (event.type === 'done') return event.result;
  throw new Error('the stream ended without done');
}

describe("contextBudget: 'clear_tool_results' (context editing)", () => {
  it.each(['run', 'stream'] as const)(
    '%s(): every request carries the edit and its beta; the API clears, the history stays whole',
    async (mode) => {
      const { agent } = agentOn(
        await start([read('t1', 'mon'), read('t2', 'tue'), say('Two busy days.')]),
        { contextBudget: clear },
      );
      const result =
        mode === 'run'
          ? completed(await agent.run('Read the logs'))
          : await finalOf(agent.stream('Read the logs'));
      for (const request of server!.requests) {
        expect(request.headers['anthropic-beta']).toBe('context-management-2025-06-27');
        expect(request.body.context_management).toEqual({
          edits: [
            {
              type: 'clear_tool_uses_20250919',
              trigger: { type: 'input_tokens', value: 20_000 },
              keep: { type: 'tool_uses', value: 1 },
            },
          ],
        });
      }
      // Two results of 30,000 tokens: the older one was cleared for the model, as reported.
      expect(managed(result.message)).toEqual({
        applied_edits: [
          expect.objectContaining({ type: 'clear_tool_uses_20250919', cleared_tool_uses: 1 }),
        ],
      });
      const results = result.messages
        .flatMap((m) => blocksOf(m))
        .filter((b) => b.type === 'tool_result')
        .map((b) => b.content);
      const logs = new LogService();
      expect(results).toEqual([logs.readLog('mon'), logs.readLog('tue')]);
    },
  );
});

describe("contextBudget: 'clear_tool_results' on Vertex AI", () => {
  it('sends the beta header through AnthropicVertex and gets the edits applied', async () => {
    await start([read('t1', 'mon'), read('t2', 'tue'), say('Two busy days.')]);
    const { agent } = agentOn(vertexClient(server!.url), {
      contextBudget: clear,
      model: PLATFORM_MODELS.vertex,
    });
    const result = completed(await agent.run('Read the logs'));
    expect(server!.requests.map((r) => [r.platform, r.headers['anthropic-beta']])).toEqual(
      Array(3).fill(['vertex', 'context-management-2025-06-27']),
    );
    expect(managed(result.message)).toMatchObject({ applied_edits: [{ cleared_tool_uses: 1 }] });
  });
});

describe("contextBudget: 'compact' (compaction)", () => {
  /** Two logs pass the trigger: the third reply opens with a compaction block, and calls again. */
  const script = () => [
    read('t1', 'mon'),
    read('t2', 'tue'),
    read('t3', 'wed'),
    say('Three days read.'),
  ];

  function expectCompactedOnce(messages: readonly MessageParam[]): void {
    const [block, ...more] = compactionsIn(messages);
    expect(more).toEqual([]);
    expect(block).toMatchObject({ type: 'compaction', content: 'Read the logs of mon and tue.' });
    // The fourth request sent the block back as received (the server refuses it otherwise).
    const sent = compactionsIn(server!.requests[3].body.messages ?? []);
    expect(sent).toEqual([block]);
    for (const request of server!.requests) {
      expect(request.headers['anthropic-beta']).toBe('compact-2026-01-12');
      expect(request.body.context_management).toEqual({
        edits: [{ type: 'compact_20260112', trigger: { type: 'input_tokens', value: 50_000 } }],
      });
    }
  }

  it.each(['run', 'stream'] as const)(
    '%s(): the block stays in the history and goes back as received',
    async (mode) => {
      const { agent } = agentOn(await start(script()), { contextBudget: compact });
      const result =
        mode === 'run'
          ? completed(await agent.run('Read the logs'))
          : await finalOf(agent.stream('Read the logs'));
      expect(result.finalText).toBe('Three days read.');
      expect(server!.requests).toHaveLength(4);
      expectCompactedOnce(result.messages);
    },
  );

  it('step() and resolve(): the stepped message keeps the block for the next step', async () => {
    const { agent } = agentOn(await start(script()), { contextBudget: compact });
    const messages: MessageParam[] = [{ role: 'user', content: 'Read the logs' }];
    for (;;) {
      const step = await agent.step(messages);
      messages.push({ role: 'assistant', content: step.message.content });
      if (step.done) break;
      messages.push(await agent.resolve(step));
    }
    expectCompactedOnce(messages);
  });

  /**
   * Runs until the approval of `a1` pauses with a compaction block in the paused turn, stores the
   * state as JSON and resumes it on another agent, which archives and answers 'Archived.'.
   */
  async function pauseAndResume(client: Anthropic) {
    const first = agentOn(client, { contextBudget: compact, approvals: 'pause' });
    const paused = (await first.agent.run('Read and archive')) as RunResult | PendingApproval;
    if (paused.status === 'completed') throw new Error('expected a pause');
    const state = JSON.parse(JSON.stringify(paused.state)) as typeof paused.state;
    expect(compactionsIn([state.message])).toHaveLength(1);
    const other = agentOn(client, { contextBudget: compact, approvals: 'pause' });
    const done = completed(await other.agent.resume(state, { a1: true }));
    expect(other.logs.archived).toEqual(['mon']);
    expect(done.finalText).toBe('Archived.');
    return { state, done };
  }

  it('a run paused with the block in its state resumes on another agent and sends it back', async () => {
    const client = await start([
      read('t1', 'mon'),
      read('t2', 'tue'),
      use({ id: 'a1', name: 'archive_log', input: { day: 'mon' } }),
      say('Archived.'),
    ]);
    // Stored as JSON and resumed elsewhere: the block is in the paused turn's message.
    const { state } = await pauseAndResume(client);
    expect(managed(state.message)).toEqual({ applied_edits: [] });
    expect(compactionsIn(server!.requests[3].body.messages ?? [])).toEqual(
      compactionsIn([state.message]),
    );
  });

  /** Sent from the last block on: each request opens with the block the API returned last. */
  function expectSentFromLastBlock(history: readonly MessageParam[]): void {
    const [first, second] = compactionsIn(history);
    expect(compactionsIn(history)).toHaveLength(2);
    const opening = server!.requests.map((r) => blocksOf((r.body.messages ?? [])[0])[0]);
    expect(opening.slice(3, 5)).toEqual([first, first]);
    expect(opening[5]).toEqual(second);
    for (const request of server!.requests) {
      expect(compactionsIn(request.body.messages ?? []).length).toBeLessThanOrEqual(1);
    }
  }

  /** Each two logs pass the trigger: the third and fifth replies open with a compaction block. */
  const twice = (last: ScriptedTurn) => [
    read('t1', 'mon'),
    read('t2', 'tue'),
    read('t3', 'wed'),
    read('t4', 'thu'),
    read('t5', 'fri'),
    last,
  ];

  it.each(['run', 'stream'] as const)(
    '%s(): a second compaction is sent alone, the history keeps both blocks',
    async (mode) => {
      const { agent } = agentOn(await start(twice(say('Five days read.'))), {
        contextBudget: compact,
        cache: true,
      });
      const result =
        mode === 'run'
          ? completed(await agent.run('Read the logs'))
          : await finalOf(agent.stream('Read the logs'));
      expect(result.finalText).toBe('Five days read.');
      expect(server!.requests).toHaveLength(6);
      expect(result.messages[0]).toEqual({ role: 'user', content: 'Read the logs' });
      expectSentFromLastBlock(result.messages);
      // The moving cache breakpoint marks the last block of what is sent.
      const sent = server!.requests[5].body.messages ?? [];
      expect(blocksOf(sent[sent.length - 1]).at(-1)).toMatchObject({
        cache_control: { type: 'ephemeral' },
      });
    },
  );

  it('a run paused after two compactions resumes and sends only the last block', async () => {
    // The fifth reply compacts again and opens the call that pauses; fri is read after resuming.
    const client = await start([
      read('t1', 'mon'),
      read('t2', 'tue'),
      read('t3', 'wed'),
      read('t4', 'thu'),
      use({ id: 'a1', name: 'archive_log', input: { day: 'mon' } }),
      read('t5', 'fri'),
      say('Archived.'),
    ]);
    const { done } = await pauseAndResume(client);
    expect(server!.requests).toHaveLength(7);
    expect(done.messages[0]).toEqual({ role: 'user', content: 'Read and archive' });
    expectSentFromLastBlock(done.messages);
  });

  it.each(['run', 'stream'] as const)(
    '%s() in the XML format: the block opens the reply beside the calls written as text',
    async (mode) => {
      const xmlRead = (day: string): ScriptedTurn => ({
        content: [
          {
            type: 'text',
            text: `<function_calls>\n<invoke>\n<tool_name>read_log</tool_name>\n<parameters>\n<day>${day}</day>\n</parameters>\n</invoke>\n`,
          },
        ],
        stop_reason: 'stop_sequence',
        stop_sequence: '</function_calls>',
      });
      const client = await start([xmlRead('mon'), xmlRead('tue'), xmlRead('wed'), say('Read.')]);
      const { agent } = agentOn(client, { contextBudget: compact, format: 'xml' });
      const result =
        mode === 'run'
          ? completed(await agent.run('Read the logs'))
          : await finalOf(agent.stream('Read the logs'));
      expect(result.finalText).toBe('Read.');
      expectCompactedOnce(result.messages);
    },
  );

  it('on Bedrock: the beta goes in the body, and the run compacts as on the Claude API', async () => {
    await start(script());
    const { agent } = agentOn(bedrockClient(server!.url), {
      contextBudget: compact,
      model: PLATFORM_MODELS.bedrock,
    });
    const result = completed(await agent.run('Read the logs'));
    expect(server!.requests.map((r) => [r.platform, r.body.anthropic_beta])).toEqual(
      Array(4).fill(['bedrock', ['compact-2026-01-12']]),
    );
    expect(compactionsIn(result.messages)).toHaveLength(1);
  });
});

/** `client` as a minified bundle has it: the same methods, its classes renamed `c0`, `c1`, ... */
function minified<T extends object>(client: T): T {
  const chain: object[] = [];
  for (let p = Object.getPrototypeOf(client) as object; p !== Object.prototype;) {
    chain.unshift(p);
    p = Object.getPrototypeOf(p) as object;
  }
  let proto: object = Object.prototype;
  for (const [index, original] of chain.entries()) {
    proto = Object.create(proto, Object.getOwnPropertyDescriptors(original)) as object;
    const renamed = class {};
    Object.defineProperty(renamed, 'name', { value: `c${index}` });
    Object.defineProperty(proto, 'constructor', { value: renamed });
  }
  return Object.setPrototypeOf(client, proto) as T;
}

describe('contextBudget at construction', () => {
  const make =
    (options: Partial<ToolAgentOptions>, client: AgentClient = new Anthropic({ apiKey: 'test' })) =>
    () =>
      agentOn(client, options);

  it('refuses what a platform or format does not offer, naming what to use', () => {
    const vertex = vertexClient('http://127.0.0.1:9');
    expect(make({ contextBudget: compact }, vertex)).toThrow(
      "ToolAgent: contextBudget.strategy 'compact' is not offered on Vertex AI (only on the Claude API and Amazon Bedrock); use strategy 'clear_tool_results' there",
    );
    expect(make({ contextBudget: clear }, vertex)).not.toThrow();
    expect(make({ contextBudget: clear, format: 'xml' })).toThrow(
      "strategy 'clear_tool_results' clears tool_result blocks, which the XML format does not send",
    );
    expect(make({ contextBudget: compact, format: 'xml' })).not.toThrow();
  });

  it('tells Vertex AI by the client, not by class names a minifier shortens', () => {
    const vertex = minified(vertexClient('http://127.0.0.1:9'));
    expect(make({ contextBudget: compact }, vertex)).toThrow(
      "contextBudget.strategy 'compact' is not offered on Vertex AI",
    );
  });

  it("sends the betas the user names beside the budget's, in one anthropic-beta", async () => {
    const client = await start([say('Nothing to read.'), say('Nothing to read.')]);
    const { agent } = agentOn(client, { contextBudget: compact, betas: ['fine-grained-x'] });
    await agent.run('Hi');
    expect(server!.requests[0].headers['anthropic-beta']).toBe('fine-grained-x,compact-2026-01-12');
    const twice = agentOn(client, { contextBudget: compact, betas: ['compact-2026-01-12'] });
    await twice.agent.run('Hi');
    expect(server!.requests[1].headers['anthropic-beta']).toBe('compact-2026-01-12');
    expect(make({ betas: 'fine-grained-x' as never })).toThrow(
      'ToolAgent: betas must be an array of beta names, got "fine-grained-x"',
    );
  });

  it('refuses a budget the API would refuse', () => {
    expect(make({ contextBudget: { strategy: 'compact', triggerTokens: 10_000 } })).toThrow(
      'ToolAgent: contextBudget.triggerTokens must be an integer of at least 50000, got 10000',
    );
    expect(make({ contextBudget: { strategy: 'summarize' } as never })).toThrow(
      "contextBudget.strategy must be 'clear_tool_results' (context editing) or 'compact' (compaction), got \"summarize\"",
    );
    expect(make({ contextBudget: { ...clear, keepToolUses: -1 } })).toThrow(
      'contextBudget.keepToolUses must be an integer of at least 0, got -1',
    );
    expect(make({ contextBudget: { ...clear, excludeTools: 'read_log' as never } })).toThrow(
      'contextBudget.excludeTools must be an array of tool names, got "read_log"',
    );
  });
});
