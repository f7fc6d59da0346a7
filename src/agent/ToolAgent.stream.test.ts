/** `stream` with the real client's SSE against the scripted server. */
import Anthropic from '@anthropic-ai/sdk';
import { blocksOf, say, startHarness } from './__fixtures__/harness';
import type { Harness } from './__fixtures__/harness';
import { deferred } from './__fixtures__/ShopService';
import type { AgentEvent } from './types';

let h: Harness | undefined;
afterEach(async () => {
  if (h) expect(h.server.pairingViolations).toEqual([]);
  await h?.server.close();
  h = undefined;
});

async function collect(
  events: AsyncIterable<AgentEvent>,
  into: AgentEvent[] = [],
): Promise<AgentEvent[]> {
  for await (const event of events) into.push(event);
  return into;
}

const job = (id: string, name: string, input: Record<string, unknown>) => ({
  type: 'tool_use' as const,
  id,
  name,
  input,
});

describe('ToolAgent.stream', () => {
  it('starts each of three calls as soon as its block is complete, while later blocks still stream', async () => {
    const started = { a: deferred(), b: deferred(), c: deferred() };
    const finished = deferred();
    // Events: 0 message_start, 1 ping, blocks of 5 events each from 2 (start, 3 deltas, stop),
    // so block 1 starts at 7, block 2 at 12, message_delta is 17.
    h = await startHarness([
      {
        content: [
          job('t1', 'work', { job: 'a' }),
          job('t2', 'work', { job: 'b' }),
          job('t3', 'work', { job: 'c' }),
        ],
        stream: { chunkSize: 4, gates: { 12: started.a.promise, 17: started.b.promise } },
      },
      say('All done.'),
    ]);
    h.shop.hooks = {
      started: (name) => started[name as 'a' | 'b' | 'c'].resolve(),
      hold: (name) => (name === 'a' ? finished.promise : Promise.resolve()),
    };
    const events: AgentEvent[] = [];
    for await (const event of h.agent.stream('Three jobs')) {
      events.push(event);
      if (event.type === 'tool_result' && event.id === 't3') finished.resolve();
    }
    const results = events
      .filter((e) => e.type === 'tool_result')
      .map((e) => (e as { id: string }).id);
    expect(results).toEqual(['t2', 't3', 't1']);
    const answered = blocksOf(h.server.requests[1].body.messages?.[2]).map((b) => [
      b.tool_use_id,
      b.content,
    ]);
    expect(answered).toEqual([
      ['t1', 'done a'],
      ['t2', 'done b'],
      ['t3', 'done c'],
    ]);
    const done = events[events.length - 1];
    expect(done).toMatchObject({
      type: 'done',
      result: { finalText: 'All done.', stopReason: 'end_turn', iterations: 2 },
    });
  });

  it('streams after the client retried a 429 and a 529 by itself', async () => {
    h = await startHarness([
      { error: { status: 429, retryAfter: 0.01 } },
      { error: { status: 529, retryAfter: 0.01 } },
      { content: [{ type: 'text', text: 'Streamed after retries.' }], stream: { chunkSize: 4 } },
    ]);
    const events = await collect(h.agent.stream('Hi'));
    expect(events[events.length - 1]).toMatchObject({
      type: 'done',
      result: { finalText: 'Streamed after retries.' },
    });
    expect(h.server.requests).toHaveLength(3);
  });

  it('emits text deltas, tool calls with growing partial input, results and turn ends', async () => {
    const note = 'x'.repeat(300);
    h = await startHarness([
      {
        content: [
          { type: 'text', text: 'Let me look that up for you.' },
          job('t1', 'get_weather', { city: `Paris ${note}` }),
        ],
        stream: { chunkSize: 7 },
      },
      { content: [{ type: 'text', text: 'It is sunny.' }], stream: { chunkSize: 3 } },
    ]);
    const events = await collect(h.agent.stream('Weather?'));
    const text = events.filter((e) => e.type === 'text').map((e) => (e as { text: string }).text);
    expect(text.join('')).toBe('Let me look that up for you.It is sunny.');
    expect(text.length).toBeGreaterThan(5);
    const deltas = events.filter((e) => e.type === 'tool_input_delta') as Extract<
      AgentEvent,
      { type: 'tool_input_delta' }
    >[];
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.map((d) => d.partialJson).join('')).toBe(
      JSON.stringify({ city: `Paris ${note}` }),
    );
    expect(deltas[deltas.length - 1].partialInput).toEqual({ city: `Paris ${note}` });
    const kinds = events.map((e) => e.type).filter((t) => t !== 'text' && t !== 'tool_input_delta');
    expect(kinds).toEqual([
      'tool_call_start',
      'tool_call',
      'tool_result',
      'turn_end',
      'turn_end',
      'done',
    ]);
    const done = events[events.length - 1] as Extract<AgentEvent, { type: 'done' }>;
    expect(done.result.usage).toMatchObject({ input_tokens: 20, output_tokens: 10 });
    expect(done.result.messages).toHaveLength(4);
    expect(events.find((e) => e.type === 'tool_call')).toMatchObject({
      valid: true,
      call: { id: 't1', name: 'get_weather', input: { city: `Paris ${note}` } },
    });
  });

  it('reports an invalid call as a tool_call that is not valid, then its error result', async () => {
    h = await startHarness([
      { content: [job('t1', 'teleport', { to: 'Mars' })], stream: { chunkSize: 5 } },
      say('I cannot teleport.'),
    ]);
    const events = await collect(h.agent.stream('Teleport me'));
    const call = events.find((e) => e.type === 'tool_call');
    expect(call).toMatchObject({ id: 't1', name: 'teleport', input: { to: 'Mars' }, valid: false });
    expect((call as { error: string }).error).toMatch(/Unknown tool "teleport"/);
    expect(events.find((e) => e.type === 'tool_result')).toMatchObject({ id: 't1', isError: true });
  });

  it('surfaces a stream cut inside a tool_use and runs no call whose block did not complete', async () => {
    // Block 0 (work) is complete once block 1 (add) starts at event 7; the cut falls inside block 1.
    h = await startHarness([
      {
        content: [job('t1', 'work', { job: 'a' }), job('t2', 'add', { a: 1, b: 2 })],
        stream: { chunkSize: 4, cutAfter: 9 },
      },
      say('never'),
    ]);
    h.shop.hooks = { hold: () => new Promise(() => undefined) };
    const events: AgentEvent[] = [];
    await expect(collect(h.agent.stream('Go'), events)).rejects.toBeInstanceOf(
      Anthropic.APIConnectionError,
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.shop.log).toEqual([{ tool: 'work', args: ['a'] }]);
    expect(events.some((e) => e.type === 'tool_call' && e.call.id === 't2')).toBe(false);
    expect(h.shop.aborted).toEqual(['a']);
    expect(h.server.requests).toHaveLength(1);
  });

  it('on max_tokens never runs the cut call and ends with a history valid to continue', async () => {
    h = await startHarness([
      {
        content: [
          job('t1', 'get_weather', { city: 'Rome' }),
          { type: 'tool_use', id: 't2', name: 'add', inputJson: '{"a": 1, "b' },
        ],
        stop_reason: 'max_tokens',
        stream: { chunkSize: 5 },
      },
      say('Continued.'),
    ]);
    const events = await collect(h.agent.stream('Weather and sums'));
    const done = events[events.length - 1] as Extract<AgentEvent, { type: 'done' }>;
    expect(done.result.stopReason).toBe('max_tokens');
    expect(h.shop.log).toEqual([{ tool: 'get_weather', args: ['Rome'] }]);
    const last = done.result.messages[done.result.messages.length - 1];
    const answers = blocksOf(last);
    expect(answers.map((b) => [b.tool_use_id, b.is_error ?? false])).toEqual([
      ['t1', false],
      ['t2', true],
    ]);
    expect(answers[1].content).toMatch(/not run: the reply was cut off/);
    expect((await h.agent.run(done.result.messages)).finalText).toBe('Continued.');
  });

  it('aborts during a tool: AbortError from the iteration, and the tool signal fires', async () => {
    const controller = new AbortController();
    h = await startHarness([{ content: [job('t1', 'work', { job: 'long' })] }, say('never')]);
    h.shop.hooks = { started: () => controller.abort(), hold: () => new Promise(() => undefined) };
    await expect(
      collect(h.agent.stream('Long', { signal: controller.signal })),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.shop.aborted).toEqual(['long']);
  });

  it('aborts the run when the consumer leaves the loop early', async () => {
    const started = deferred();
    h = await startHarness([{ content: [job('t1', 'work', { job: 'bg' })] }, say('never')]);
    h.shop.hooks = { started: () => started.resolve(), hold: () => new Promise(() => undefined) };
    for await (const event of h.agent.stream('Go')) {
      if (event.type === 'tool_call') {
        await started.promise;
        break;
      }
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.shop.aborted).toEqual(['bg']);
    expect(h.server.requests).toHaveLength(1);
  });
});
