/** `run`'s guarantees: approval, time limits, aborts, stop reasons, API errors, prompt caching. */
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { blocksOf, say, startHarness, use } from './__fixtures__/harness';
import type { Harness } from './__fixtures__/harness';

let h: Harness | undefined;
afterEach(async () => {
  if (h) expect(h.server.pairingViolations).toEqual([]);
  await h?.server.close();
  h = undefined;
});

const results = (message: unknown) =>
  blocksOf(message).map((b) => ({
    id: b.tool_use_id,
    is_error: b.is_error ?? false,
    content: b.content,
  }));

describe('ToolAgent.run guarantees', () => {
  it('asks approve() for tools that require it; a denial answers is_error and the loop goes on', async () => {
    const asked: string[] = [];
    h = await startHarness(
      [
        use(
          { id: 't1', name: 'refund', input: { orderId: 'A', amount: 10 } },
          { id: 't2', name: 'refund', input: { orderId: 'B', amount: 5000 } },
        ),
        say('One refund done, one refused.'),
      ],
      {
        approve: (call, ctx) => {
          asked.push(`${ctx.toolName}:${String(call.input.orderId)}`);
          return call.input.orderId === 'A'
            ? true
            : { approved: false, reason: 'amount over the limit' };
        },
      },
    );
    const result = await h.agent.run('Refund A and B');
    expect(asked).toEqual(['refund:A', 'refund:B']);
    expect(h.shop.log).toEqual([{ tool: 'refund', args: ['A', 10] }]);
    const answers = results(h.server.requests[1].body.messages?.[2]);
    expect(answers[0]).toEqual({ id: 't1', is_error: false, content: 'Refunded 10 on A' });
    expect(answers[1]).toMatchObject({ id: 't2', is_error: true });
    expect(answers[1].content).toMatch(/denied.*amount over the limit/);
    expect(result.finalText).toBe('One refund done, one refused.');
  });

  it('denies tools that require approval when no approver is configured', async () => {
    h = await startHarness([
      use({ id: 't1', name: 'refund', input: { orderId: 'A', amount: 1 } }),
      say('ok'),
    ]);
    await h.agent.run('Refund A');
    expect(h.shop.log).toEqual([]);
    expect(results(h.server.requests[1].body.messages?.[2])[0].content).toMatch(
      /requires approval/,
    );
  });

  it('answers a tool past its timeoutMs with "timed out after N ms" and aborts its signal', async () => {
    h = await startHarness([
      use({ id: 't1', name: 'hang', input: { what: 'x' } }),
      say('It timed out.'),
    ]);
    const result = await h.agent.run('Hang');
    const [answer] = results(h.server.requests[1].body.messages?.[2]);
    expect(answer).toMatchObject({ id: 't1', is_error: true });
    expect(answer.content).toMatch(/timed out after 50 ms/);
    expect(h.shop.aborted).toEqual(['hang:x']);
    expect(result.finalText).toBe('It timed out.');
  });

  it('aborts the run during a tool: AbortError, and the tool signal fires', async () => {
    const controller = new AbortController();
    h = await startHarness([use({ id: 't1', name: 'work', input: { job: 'long' } }), say('never')]);
    h.shop.hooks = { started: () => controller.abort(), hold: () => new Promise(() => undefined) };
    const run = h.agent.run('Long job', { signal: controller.signal });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.shop.aborted).toEqual(['long']);
    expect(h.server.requests).toHaveLength(1);
  });

  it('carries the history up to the last whole turn on the AbortError, valid to continue', async () => {
    const controller = new AbortController();
    h = await startHarness([
      use({ id: 't1', name: 'add', input: { a: 1, b: 1 } }),
      use({ id: 't2', name: 'work', input: { job: 'stuck' } }),
      say('Resumed.'),
    ]);
    h.shop.hooks = { started: () => controller.abort(), hold: () => new Promise(() => undefined) };
    const error = await h.agent.run('Go', { signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AbortError' });
    const history = (error as { messages: MessageParam[] }).messages;
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(results(history[2])).toEqual([{ id: 't1', is_error: false, content: '2' }]);
    h.shop.hooks = {};
    expect((await h.agent.run([...history, { role: 'user', content: 'Go on' }])).finalText).toBe(
      'Resumed.',
    );
  });

  it('aborts a request in flight with AbortError', async () => {
    const controller = new AbortController();
    h = await startHarness([{ ...say('slow'), delayMs: 10_000 }]);
    const run = h.agent.run('Hi', { signal: controller.signal });
    setImmediate(() => controller.abort());
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('ends on refusal and stop_sequence with that reason, and continues after pause_turn', async () => {
    h = await startHarness([
      { content: [{ type: 'text', text: 'No.' }], stop_reason: 'refusal' },
      {
        content: [{ type: 'text', text: 'Up to' }],
        stop_reason: 'stop_sequence',
        stop_sequence: 'STOP',
      },
      { content: [{ type: 'text', text: 'Searching…' }], stop_reason: 'pause_turn' },
      say('Found it.'),
    ]);
    expect((await h.agent.run('a')).stopReason).toBe('refusal');
    expect((await h.agent.run('b')).stopReason).toBe('stop_sequence');
    const paused = await h.agent.run('c');
    expect(paused).toMatchObject({ stopReason: 'end_turn', iterations: 2, finalText: 'Found it.' });
    expect(h.server.requests[3].body.messages?.[1]).toMatchObject({ role: 'assistant' });
  });

  it('throws what remains after the client retries as the client error type', async () => {
    h = await startHarness([
      { error: { status: 500, retryAfter: 0.01 } },
      { error: { status: 529, retryAfter: 0.01 } },
      { error: { status: 500, retryAfter: 0.01 } },
      { error: { status: 400, message: 'bad request' } },
    ]);
    await expect(h.agent.run('x')).rejects.toBeInstanceOf(Anthropic.InternalServerError);
    expect(h.server.requests).toHaveLength(3);
    await expect(h.agent.run('y')).rejects.toBeInstanceOf(Anthropic.BadRequestError);
  });

  it('marks tools and system prompt with cache_control when cache is on', async () => {
    h = await startHarness([say('ok')], { cache: true, system: 'You run a shop.' });
    await h.agent.run('hi');
    const body = h.server.requests[0].body;
    const tools = body.tools as { name: string; cache_control?: unknown }[];
    expect(tools.length).toBeGreaterThan(3);
    expect(tools[tools.length - 1].cache_control).toEqual({ type: 'ephemeral' });
    expect(body.system).toEqual([
      { type: 'text', text: 'You run a shop.', cache_control: { type: 'ephemeral' } },
    ]);
  });
});
