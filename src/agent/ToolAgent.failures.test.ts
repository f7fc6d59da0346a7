/**
 * The loop never loses work (issue 19): an API error after tools ran carries the history (every
 * call answered) so the run goes on without running them again; the assembled message keeps every
 * field of `message_delta`; a refused turn runs none of its calls and leaves the history as it
 * was; manual mode says when a turn paused. Real SDK client, scripted Messages API over HTTP.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { ScriptedReply, ScriptedTurn } from '../testing/types';
import { until } from '../../test/until';
import { say, startHarness, use } from './__fixtures__/harness';
import { deferred } from './__fixtures__/ShopService';
import type { Harness } from './__fixtures__/harness';
import type { AgentEvent } from './types';

let h: Harness | undefined;
afterEach(async () => {
  if (h) expect(h.server.pairingViolations).toEqual([]);
  await h?.server.close();
  h = undefined;
});

const weather = use({ id: 'w1', name: 'get_weather', input: { city: 'Oslo' } });
const big = { maxTokens: 64_000 }; // run() streams inside above the SDK's non-streaming limit

/** The error a promise rejects with. */
async function failureOf(
  promise: Promise<unknown>,
): Promise<Error & { messages?: MessageParam[] }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { messages?: MessageParam[] };
  }
  throw new Error('expected a failure');
}

async function drain(stream: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const events: AgentEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const roles = (messages: MessageParam[] | undefined) => messages?.map((m) => m.role);

describe('an API error after tools ran', () => {
  // The harness's client retries twice: a 529 is sent three times, a 400 once.
  it.each<[string, ScriptedTurn, number]>([
    ['a 400', { error: { status: 400, message: 'prompt is too long' } }, 1],
    ['a 529 past the retries', { error: { status: 529 } }, 3],
  ])(
    'run(): %s keeps its SDK class and carries the history, to go on without repeating the tool',
    async (_name, failure, attempts) => {
      const failures = Array.from({ length: attempts }, () => failure);
      h = await startHarness([weather, ...failures, say('Sunny in Oslo.')]);
      const error = await failureOf(h.agent.run('Weather in Oslo?'));
      expect(error).toBeInstanceOf(Anthropic.APIError);
      expect(roles(error.messages)).toEqual(['user', 'assistant', 'user']);
      expect(JSON.stringify(error.messages![2])).toContain('Sunny in Oslo');
      expect(h.shop.log).toEqual([{ tool: 'get_weather', args: ['Oslo'] }]);
      const again = await h.agent.run(error.messages!);
      expect(again.status === 'completed' && again.finalText).toBe('Sunny in Oslo.');
      expect(h.shop.log).toHaveLength(1);
    },
  );

  it('stream(): an error event inside the second turn carries the history', async () => {
    h = await startHarness(
      [
        weather,
        { content: [{ type: 'text', text: 'Sunny' }], stream: { errorAfter: 3 } },
        say('Sunny in Oslo.'),
      ],
      { maxRetries: 0 } as never,
    );
    const error = await failureOf(drain(h.agent.stream('Weather in Oslo?')));
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect(roles(error.messages)).toEqual(['user', 'assistant', 'user']);
    expect(h.shop.log).toHaveLength(1);
  });
});

describe('the assembled message keeps every field of message_delta', () => {
  const details = { type: 'refusal', category: 'cyber', explanation: 'Not this.' };
  const container = { id: 'container_1', expires_at: '2026-11-25T01:00:00Z' };

  it.each([
    ['stream()', (x: Harness) => drain(x.agent.stream('Hi')).then((e) => e.at(-1))],
    ['run() with a large maxTokens', (x: Harness) => x.agent.run('Hi')],
  ])('%s: stop_details and container', async (_name, go) => {
    h = await startHarness(
      [{ content: [{ type: 'text', text: 'Done.' }], stop_details: details, container }],
      big,
    );
    const outcome = (await go(h)) as unknown as {
      result?: { message: unknown };
      message?: unknown;
    };
    const message = (outcome.result ?? outcome).message as Record<string, unknown>;
    expect(message.stop_details).toEqual(details);
    expect(message.container).toEqual(container);
  });
});

describe.each<[string, ScriptedReply['content']]>([
  [
    'text, then a call',
    [
      { type: 'text', text: 'I was about to' },
      { type: 'tool_use', id: 'r1', name: 'get_weather', input: { city: 'Oslo' } },
    ],
  ],
  [
    // The call's block is complete (a later block started), so only the refusal keeps it from running.
    'a call, then text',
    [
      { type: 'tool_use', id: 'r1', name: 'get_weather', input: { city: 'Oslo' } },
      { type: 'text', text: 'Actually, no.' },
    ],
  ],
])('a refused turn (%s)', (_shape, content) => {
  const refused: ScriptedTurn = {
    content,
    stop_reason: 'refusal',
    stop_details: { type: 'refusal', category: null, explanation: null },
  };

  it.each([
    ['run()', {}],
    ['run() streaming inside', big],
  ])(
    '%s: runs none of its calls, is reported as refused and leaves the history sendable',
    async (_name, options) => {
      h = await startHarness([refused, say('Fine.')], options);
      const result = await h.agent.run('Weather in Oslo?');
      expect(h.shop.log).toEqual([]);
      expect(result).toMatchObject({ status: 'completed', stopReason: 'refusal' });
      const messages = (result as { messages: MessageParam[] }).messages;
      expect(roles(messages)).toEqual(['user']);
      const next = await h.agent.run([...messages, { role: 'user', content: 'Never mind.' }]);
      expect(next.status === 'completed' && next.finalText).toBe('Fine.');
    },
  );

  it('stream(): no call runs and the done event says refusal', async () => {
    h = await startHarness([refused]);
    const events = await drain(h.agent.stream('Weather in Oslo?'));
    expect(h.shop.log).toEqual([]);
    expect(events.filter((e) => e.type === 'tool_result')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'done', result: { stopReason: 'refusal' } });
  });

  it('step(): offers no call to run, and resolve() has nothing to answer', async () => {
    h = await startHarness([refused]);
    const step = await h.agent.step([{ role: 'user', content: 'Weather in Oslo?' }]);
    expect(step).toMatchObject({ calls: [], invalidCalls: [], done: true });
    expect(step.message.stop_reason).toBe('refusal');
    await expect(h.agent.resolve(step)).rejects.toThrow(/nothing to answer/);
    expect(h.shop.log).toEqual([]);
  });
});

describe('a refused turn whose first call started while it streamed', () => {
  it('stream(): the started call is stopped (its signal fires) and no call is answered', async () => {
    const started = deferred();
    // Events: 0 message_start, 1 ping, block 0 from 2, block 1 starts at 7, message_delta at 12.
    h = await startHarness([
      {
        content: [
          { type: 'tool_use', id: 'r1', name: 'work', input: { job: 'a' } },
          { type: 'tool_use', id: 'r2', name: 'get_weather', input: { city: 'Oslo' } },
        ],
        stop_reason: 'refusal',
        stream: { chunkSize: 4, gates: { 12: started.promise } },
      },
    ]);
    // The call holds until its signal fires.
    h.shop.hooks = { started: () => started.resolve(), hold: () => new Promise(() => undefined) };
    const events = await drain(h.agent.stream('Do it'));
    await until(() => h!.shop.aborted.length > 0, 'the started call sees its signal fire');
    expect(h.shop.aborted).toEqual(['a']);
    expect(h.shop.log.map((entry) => entry.tool)).toEqual(['work']);
    expect(events.filter((e) => e.type === 'tool_result')).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: 'done', result: { stopReason: 'refusal' } });
  });
});

describe('manual mode on pause_turn', () => {
  it('the loop docs/agent.md shows goes on: step.paused, then step() again on the history', async () => {
    h = await startHarness([
      { content: [{ type: 'text', text: 'Searching…' }], stop_reason: 'pause_turn' },
      weather,
      say('Sunny in Oslo.'),
    ]);
    const messages: MessageParam[] = [{ role: 'user', content: 'Weather in Oslo?' }];
    const paused = await h.agent.step(messages);
    expect(paused).toMatchObject({ done: false, paused: true, calls: [] });
    await expect(h.agent.resolve(paused)).rejects.toThrow(
      /the step paused its turn \(step\.paused\)/,
    );
    let step = paused;
    for (let turns = 0; !step.done && turns < 5; turns++) {
      messages.push({ role: 'assistant', content: step.message.content });
      if (!step.paused) messages.push(await h.agent.resolve(step));
      step = await h.agent.step(messages);
    }
    expect(step.done).toBe(true);
    expect(step.message.content).toEqual([expect.objectContaining({ text: 'Sunny in Oslo.' })]);
    expect(h.shop.log).toEqual([{ tool: 'get_weather', args: ['Oslo'] }]);
  });
});
