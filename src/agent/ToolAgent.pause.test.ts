/**
 * Durable approvals: with `approvals: 'pause'` a run pauses on calls that wait for approval,
 * its state survives JSON, and another agent (another instance: its own registry and services)
 * resumes it with decisions, against the scripted server through the real client.
 */
import Anthropic from '@anthropic-ai/sdk';
import { MemoryApprovalStore } from '../approvals/MemoryApprovalStore';
import { ApprovalNotFoundError } from '../errors/ApprovalNotFoundError';
import { ToolwrightError } from '../errors/ToolwrightError';
import { ToolRegistry } from '../registry/ToolRegistry';
import { startScriptedServer } from '../testing/startScriptedServer';
import type { ScriptedServer, ScriptedTurn } from '../testing/types';
import { blocksOf, say, use } from './__fixtures__/harness';
import { ShopService } from './__fixtures__/ShopService';
import type { PendingApproval } from '../approvals/types';
import { ToolAgent } from './ToolAgent';
import type { AgentEvent, RunResult, ToolAgentOptions } from './types';

let server: ScriptedServer | undefined;
afterEach(async () => {
  if (server) expect(server.pairingViolations).toEqual([]);
  await server?.close();
  server = undefined;
});

/** One instance of a service: its own shop, registry and agent, sharing the model and the store. */
function instance(options: Partial<ToolAgentOptions<unknown, 'pause'>> = {}) {
  const client = new Anthropic({ apiKey: 'test', baseURL: server!.url, maxRetries: 0 });
  const shop = new ShopService();
  const registry = new ToolRegistry().register(shop);
  const agent = new ToolAgent({
    client,
    registry,
    model: 'claude-test',
    approvals: 'pause',
    ...options,
  });
  return { shop, agent };
}

async function start(turns: ScriptedTurn[]): Promise<void> {
  server = await startScriptedServer({ turns });
}

function pendingOf(result: RunResult | PendingApproval): PendingApproval {
  if (result.status !== 'pending_approval')
    throw new Error(`expected a pause, got ${result.status}`);
  return result;
}

function completed(result: RunResult | PendingApproval): RunResult {
  if (result.status !== 'completed') throw new Error(`expected a completed run, got a pause`);
  return result;
}

/** The tool results of request `index`'s last message. */
const resultsSent = (index: number) =>
  blocksOf(server!.requests[index].body.messages?.at(-1)).map((b) => ({
    id: b.tool_use_id,
    is_error: b.is_error ?? false,
    content: b.content,
  }));

const refundAndWeather = use(
  { id: 'w1', name: 'get_weather', input: { city: 'Oslo' } },
  { id: 'r1', name: 'refund', input: { orderId: 'o-9', amount: 900 } },
);

describe('ToolAgent with approvals: pause', () => {
  it('pauses on a call needing approval, keeps the other results, and resumes on another instance', async () => {
    await start([refundAndWeather, say('Refunded 900 on o-9; Oslo is sunny.')]);
    const store = new MemoryApprovalStore();
    const first = instance({ approvalStore: store });
    const paused = pendingOf(await first.agent.run('Refund o-9 and tell me the weather'));

    expect(paused.pending).toEqual([
      { id: 'r1', name: 'refund', input: { orderId: 'o-9', amount: 900 } },
    ]);
    expect(first.shop.log).toEqual([{ tool: 'get_weather', args: ['Oslo'] }]);
    expect(server!.requests).toHaveLength(1);
    expect(JSON.parse(JSON.stringify(paused.state))).toEqual(paused.state);
    expect(paused.state.iterations).toBe(1);
    expect(await store.load(paused.runId)).toEqual(paused.state);

    const second = instance({ approvalStore: store });
    const done = completed(await second.agent.resume(paused.runId, { r1: true }));
    expect(second.shop.log).toEqual([{ tool: 'refund', args: ['o-9', 900] }]);
    expect(first.shop.log).toHaveLength(1);
    expect(done.finalText).toBe('Refunded 900 on o-9; Oslo is sunny.');
    expect(done.iterations).toBe(2);
    expect(done.usage.input_tokens).toBe(20);
    expect(resultsSent(1)).toEqual([
      { id: 'w1', is_error: false, content: 'Sunny in Oslo' },
      { id: 'r1', is_error: false, content: 'Refunded 900 on o-9' },
    ]);
    expect(done.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(await store.load(paused.runId)).toBeUndefined();
  });

  it('answers a denied call is_error with the reason, resuming from the state alone', async () => {
    await start([refundAndWeather, say('The refund was refused.')]);
    const paused = pendingOf(await instance().agent.run('Refund o-9'));
    const other = instance();
    const state = JSON.parse(JSON.stringify(paused.state));
    const done = completed(
      await other.agent.resume(state, { r1: { approved: false, reason: 'over the limit' } }),
    );
    expect(other.shop.log).toEqual([]);
    expect(resultsSent(1)[1]).toEqual({
      id: 'r1',
      is_error: true,
      content: 'Tool "refund" was not run: the call was denied (over the limit).',
    });
    expect(done.finalText).toBe('The refund was refused.');
  });

  it("resumes a run paused under the old format name 'native' with an agent on 'anthropic'", async () => {
    await start([refundAndWeather, say('Refunded.')]);
    const store = new MemoryApprovalStore();
    const paused = pendingOf(
      await instance({ approvalStore: store, format: 'native' }).agent.run('Refund o-9'),
    );
    // A run stored by an earlier version carries the old name.
    const stored = { ...JSON.parse(JSON.stringify(paused.state)), format: 'native' };
    const other = instance({ approvalStore: store, format: 'anthropic' });
    const done = completed(await other.agent.resume(stored, { r1: true }));
    expect(other.shop.log).toEqual([{ tool: 'refund', args: ['o-9', 900] }]);
    expect(done.finalText).toBe('Refunded.');
    expect(paused.state.format).toBe('anthropic');
  });

  it('resumes a state object once too: two resumers of one state, one wins, and not again after', async () => {
    await start([refundAndWeather, say('Done.'), say('Done twice?')]);
    const store = new MemoryApprovalStore();
    const paused = pendingOf(await instance({ approvalStore: store }).agent.run('Refund o-9'));
    const a = instance({ approvalStore: store });
    const b = instance({ approvalStore: store });
    const state = JSON.parse(JSON.stringify(paused.state));
    const results = await Promise.allSettled([
      a.agent.resume(state, { r1: true }),
      b.agent.resume(state, { r1: true }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect([...a.shop.log, ...b.shop.log]).toEqual([{ tool: 'refund', args: ['o-9', 900] }]);
    await expect(
      instance({ approvalStore: store }).agent.resume(state, { r1: true }),
    ).rejects.toThrow(ApprovalNotFoundError);
  });

  it('gives approved calls an idempotency key that is the same on every attempt', async () => {
    await start([refundAndWeather, say('Done.')]);
    const store = new MemoryApprovalStore();
    const paused = pendingOf(await instance({ approvalStore: store }).agent.run('Refund o-9'));
    const other = instance({ approvalStore: store });
    await other.agent.resume(paused.runId, { r1: true });
    expect(other.shop.keys).toEqual([`${paused.runId}:r1`]);
  });

  it('resumes a run id once: a second resume, even a concurrent one, finds nothing', async () => {
    await start([refundAndWeather, say('Done.'), say('Done twice?')]);
    const store = new MemoryApprovalStore();
    const paused = pendingOf(await instance({ approvalStore: store }).agent.run('Refund o-9'));
    const a = instance({ approvalStore: store });
    const b = instance({ approvalStore: store });
    const outcomes = await Promise.allSettled([
      a.agent.resume(paused.runId, { r1: true }),
      b.agent.resume(paused.runId, { r1: true }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failure = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(failure.reason).toBeInstanceOf(ApprovalNotFoundError);
    expect(a.shop.log.length + b.shop.log.length).toBe(1);
    await expect(a.agent.resume(paused.runId, { r1: true })).rejects.toThrow(
      `no paused run "${paused.runId}"`,
    );
    expect(server!.requests).toHaveLength(2);
  });

  it('refuses decisions that miss a waiting call or name another, and keeps the run', async () => {
    await start([refundAndWeather, say('Done.')]);
    const store = new MemoryApprovalStore();
    const { agent, shop } = instance({ approvalStore: store });
    const paused = pendingOf(await agent.run('Refund o-9'));
    await expect(agent.resume(paused.runId, {})).rejects.toThrow(/missing: \[r1\]/);
    await expect(agent.resume(paused.runId, { r1: true, w1: true })).rejects.toThrow(
      /not waiting: \[w1\]/,
    );
    await expect(agent.resume(paused.runId, { r1: 'yes' as never })).rejects.toThrow(
      'the decision for call "r1" (refund) must be true, false or { approved, reason? }, got "yes"',
    );
    expect(shop.log.map((l) => l.tool)).toEqual(['get_weather']);
    completed(await agent.resume(paused.runId, () => true));
    expect(shop.log.map((l) => l.tool)).toEqual(['get_weather', 'refund']);
  });

  it('lets the approver decide some calls and pause the others', async () => {
    await start([
      use(
        { id: 'small', name: 'refund', input: { orderId: 'o-1', amount: 20 } },
        { id: 'big', name: 'refund', input: { orderId: 'o-2', amount: 5000 } },
        { id: 'nope', name: 'refund', input: { orderId: 'o-3', amount: -1 } },
      ),
      say('One refund done, one refused by the supervisor, one invalid.'),
    ]);
    const asked: string[] = [];
    const { agent, shop } = instance({
      approve: (call) => {
        asked.push(call.id);
        const amount = Number(call.input.amount);
        if (amount < 0) return { approved: false, reason: 'negative' };
        return amount <= 50 ? true : 'pause';
      },
    });
    const paused = pendingOf(await agent.run('Refunds'));
    expect(paused.pending.map((c) => c.id)).toEqual(['big']);
    expect(asked).toEqual(['small', 'big', 'nope']);
    expect(shop.log).toEqual([{ tool: 'refund', args: ['o-1', 20] }]);
    await agent.resume(paused.runId, { big: false });
    expect(resultsSent(1).map((r) => [r.id, r.is_error])).toEqual([
      ['small', false],
      ['big', true],
      ['nope', true],
    ]);
    expect(resultsSent(1)[1].content).toContain('denied (not approved)');
  });

  it('pauses again on a later turn of a resumed run, under the same run id', async () => {
    await start([
      use({ id: 'r1', name: 'refund', input: { orderId: 'o-1', amount: 5 } }),
      use({ id: 'r2', name: 'refund', input: { orderId: 'o-2', amount: 6 } }),
      say('Both refunded.'),
    ]);
    const { agent, shop } = instance();
    const first = pendingOf(await agent.run('Two refunds'));
    const again = pendingOf(await agent.resume(first.runId, { r1: true }));
    expect(again.runId).toBe(first.runId);
    expect(again.pending.map((c) => c.id)).toEqual(['r2']);
    expect(again.state.iterations).toBe(2);
    const done = completed(await agent.resume(again.runId, { r2: true }));
    expect(done.iterations).toBe(3);
    expect(shop.log.map((l) => l.args[0])).toEqual(['o-1', 'o-2']);
  });

  it('validates a resumed call again, so an edited state cannot run bad input', async () => {
    await start([refundAndWeather, say('That failed.')]);
    const paused = pendingOf(await instance().agent.run('Refund o-9'));
    const state = JSON.parse(JSON.stringify(paused.state));
    state.calls[1].input = { orderId: 'o-9', amount: 'everything' };
    const other = instance();
    await other.agent.resume(state, { r1: true });
    expect(other.shop.log).toEqual([]);
    expect(resultsSent(1)[1]).toMatchObject({ id: 'r1', is_error: true });
    expect(String(resultsSent(1)[1].content)).toContain('amount');
  });

  it('refuses a state that is not a paused run, naming what is wrong', async () => {
    await start([refundAndWeather]);
    const { agent } = instance();
    const paused = pendingOf(await agent.run('Refund o-9'));
    await expect(agent.resume({ ...paused.state, calls: 'x' } as never, {})).rejects.toThrow(
      'the state is not a paused run: "calls" must be an array',
    );
    await expect(agent.resume(null as never, {})).rejects.toThrow(ToolwrightError);
    const xml = instance({ format: 'xml' });
    await expect(xml.agent.resume(paused.state, { r1: true })).rejects.toThrow(
      'was paused in the anthropic format, this agent uses xml',
    );
  });

  it.each([
    ['an answered call without isError', 0, { isError: undefined }, 'calls[0].isError'],
    [
      'an answered call with content of no kind',
      0,
      { content: [{ type: 'x' }] },
      'calls[0].content',
    ],
    ['a call with an empty id', 1, { id: '' }, 'calls[1].id'],
    ['a call of no known status', 1, { status: 'done' }, 'calls[1].status'],
    ['a pending call whose input is no object', 1, { input: 'all' }, 'calls[1].input'],
    ['a call waiting on a job with no job id', 1, { status: 'job' }, 'calls[1].jobId'],
  ])(
    'refuses a state with %s, naming the call, before anything runs',
    async (_label, index, edit, path) => {
      await start([refundAndWeather]);
      const first = instance();
      const paused = pendingOf(await first.agent.run('Refund o-9'));
      const state = JSON.parse(JSON.stringify(paused.state));
      Object.assign(state.calls[index], edit);
      const other = instance();
      await expect(other.agent.resume(state, { r1: true })).rejects.toThrow(
        `the state is not a paused run: ${path} is missing or invalid`,
      );
      expect(other.shop.log).toEqual([]);
      expect(server!.requests).toHaveLength(1);
    },
  );

  it('pauses and resumes in the XML format, answering both calls in one <function_results>', async () => {
    const invoke = (name: string, params: string) =>
      `<invoke>\n<tool_name>${name}</tool_name>\n<parameters>\n${params}\n</parameters>\n</invoke>\n`;
    await start([
      {
        content: [
          {
            type: 'text',
            text:
              '<function_calls>\n' +
              invoke('get_weather', '<city>Oslo</city>') +
              invoke('refund', '<orderId>o-9</orderId>\n<amount>900</amount>'),
          },
        ],
        stop_reason: 'stop_sequence',
        stop_sequence: '</function_calls>',
      },
      say('<answer>Refunded, and sunny.</answer>'),
    ]);
    const store = new MemoryApprovalStore();
    const paused = pendingOf(
      await instance({ format: 'xml', approvalStore: store }).agent.run('Refund o-9'),
    );
    expect(paused.state.format).toBe('xml');
    expect(paused.pending).toMatchObject([
      { name: 'refund', input: { orderId: 'o-9', amount: 900 } },
    ]);
    const other = instance({ format: 'xml', approvalStore: store });
    const done = completed(await other.agent.resume(paused.runId, () => true));
    expect(done.answer).toBe('Refunded, and sunny.');
    const text = JSON.stringify(server!.requests[1].body.messages?.at(-1));
    expect(text).toContain('Sunny in Oslo');
    expect(text).toContain('Refunded 900 on o-9');
    expect(text.indexOf('Sunny in Oslo')).toBeLessThan(text.indexOf('Refunded 900'));
  });

  it('expires a paused run after its TTL', async () => {
    await start([refundAndWeather]);
    let now = 1_000_000;
    const store = new MemoryApprovalStore({ now: () => now });
    const { agent } = instance({ approvalStore: store, approvalTtlSeconds: 60 });
    const paused = pendingOf(await agent.run('Refund o-9'));
    now += 60_000;
    await expect(agent.resume(paused.runId, { r1: true })).rejects.toThrow(ApprovalNotFoundError);
  });

  it('ends a stream with a pending_approval event instead of done', async () => {
    await start([refundAndWeather]);
    const events: AgentEvent[] = [];
    for await (const event of instance().agent.stream('Refund o-9')) events.push(event);
    const results = events.flatMap((e) => (e.type === 'tool_result' ? [e.id] : []));
    expect(results).toEqual(['w1']);
    const last = events.at(-1);
    expect(last?.type).toBe('pending_approval');
    expect(events.some((e) => e.type === 'done')).toBe(false);
    if (last?.type === 'pending_approval') expect(last.result.pending[0].id).toBe('r1');
  });

  it("denies a call in callback mode when the approver answers 'pause'", async () => {
    await start([
      use({ id: 'r1', name: 'refund', input: { orderId: 'o-1', amount: 5 } }),
      say('ok'),
    ]);
    const client = new Anthropic({ apiKey: 'test', baseURL: server!.url, maxRetries: 0 });
    const shop = new ShopService();
    const agent = new ToolAgent({
      client,
      registry: new ToolRegistry().register(shop),
      model: 'claude-test',
      approve: () => 'pause',
    });
    const result = await agent.run('Refund');
    expect(result.status).toBe('completed');
    expect(shop.log).toEqual([]);
    expect(resultsSent(1)[0].content).toContain("needs approvals: 'pause'");
  });

  it('checks its approval options', () => {
    const base = {
      client: new Anthropic({ apiKey: 'x' }),
      registry: new ToolRegistry(),
      model: 'm',
    };
    expect(() => new ToolAgent({ ...base, approvals: 'later' as never })).toThrow(
      `approvals must be 'callback' or 'pause', got "later"`,
    );
    expect(() => new ToolAgent({ ...base, approvals: 'pause', approvalTtlSeconds: 0 })).toThrow(
      'approvalTtlSeconds must be a positive number of seconds, got 0',
    );
  });
});
