/** `run` (automatic mode) with the real client against the scripted server. */
import Anthropic from '@anthropic-ai/sdk';
import { Param } from '../decorators/Param';
import { Tool } from '../decorators/Tool';
import { ToolwrightError } from '../errors/ToolwrightError';
import { ToolAgent } from './ToolAgent';
import { blocksOf, say, startHarness, use } from './__fixtures__/harness';
import type { Harness } from './__fixtures__/harness';
import { deferred } from './__fixtures__/ShopService';

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

describe('ToolAgent.run', () => {
  it('runs four parallel calls after a 429, answering each in tool_use order', async () => {
    const started: string[] = [];
    const allStarted = deferred();
    h = await startHarness([
      { error: { status: 429, retryAfter: 0.01 } },
      use(
        { id: 't1', name: 'work', input: { job: 'a' } },
        { id: 't2', name: 'work', input: { job: 'b' } },
        { id: 't3', name: 'work', input: { job: 'c' } },
        { id: 't4', name: 'work', input: { job: 'd' } },
      ),
      say('All four done.'),
    ]);
    h.shop.hooks = {
      started: (job) => {
        started.push(job);
        if (started.length === 4) allStarted.resolve();
      },
      hold: () => allStarted.promise,
    };
    const result = await h.agent.run('Do four jobs');
    expect(result.stopReason).toBe('end_turn');
    expect(result.finalText).toBe('All four done.');
    expect(h.shop.maxActive).toBe(4);
    expect(h.server.requests).toHaveLength(3);
    const answered = h.server.requests[2].body.messages?.[2];
    expect(results(answered)).toEqual([
      { id: 't1', is_error: false, content: 'done a' },
      { id: 't2', is_error: false, content: 'done b' },
      { id: 't3', is_error: false, content: 'done c' },
      { id: 't4', is_error: false, content: 'done d' },
    ]);
    expect(result.iterations).toBe(2);
    expect(result.usage).toEqual({
      input_tokens: 20,
      output_tokens: 10,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
  });

  it('bounds the calls of a turn by concurrency', async () => {
    h = await startHarness(
      [
        use(
          { id: 't1', name: 'work', input: { job: 'a' } },
          { id: 't2', name: 'work', input: { job: 'b' } },
          { id: 't3', name: 'work', input: { job: 'c' } },
        ),
        say('ok'),
      ],
      { concurrency: 1 },
    );
    await h.agent.run('Jobs');
    expect(h.shop.maxActive).toBe(1);
    expect(h.shop.log.map((entry) => entry.args[0])).toEqual(['a', 'b', 'c']);
  });

  it('answers an invalid input with its problem, and runs the corrected call on the next turn', async () => {
    h = await startHarness([
      use({ id: 't1', name: 'add', input: { a: 'one', b: 2 } }),
      use({ id: 't2', name: 'add', input: { a: 1, b: 2 } }),
      say('3'),
    ]);
    const result = await h.agent.run('1 + 2?');
    expect(result.finalText).toBe('3');
    expect(h.shop.log).toEqual([{ tool: 'add', args: [1, 2] }]);
    const [first] = results(h.server.requests[1].body.messages?.[2]);
    expect(first).toMatchObject({ id: 't1', is_error: true });
    expect(first.content).toMatch(/add/);
    expect(first.content).toMatch(/\ba\b/);
    expect(results(h.server.requests[2].body.messages?.[4])).toEqual([
      { id: 't2', is_error: false, content: '3' },
    ]);
  });

  it('answers an unknown tool, an unknown property, a __proto__ key and a throwing tool in one turn', async () => {
    h = await startHarness([
      {
        content: [
          { type: 'tool_use', id: 't1', name: 'no_such_tool', input: {} },
          { type: 'tool_use', id: 't2', name: 'get_weather', input: { city: 'Paris', extra: 1 } },
          {
            type: 'tool_use',
            id: 't3',
            name: 'get_weather',
            inputJson: '{"__proto__":{"x":1},"city":"Oslo"}',
          },
          { type: 'tool_use', id: 't4', name: 'explode', input: { why: 'testing' } },
        ],
      },
      say('Sorry.'),
    ]);
    const result = await h.agent.run('Try everything');
    expect(result.stopReason).toBe('end_turn');
    const answers = results(h.server.requests[1].body.messages?.[2]);
    expect(answers.map((a) => [a.id, a.is_error])).toEqual([
      ['t1', true],
      ['t2', true],
      ['t3', true],
      ['t4', true],
    ]);
    expect(answers[0].content).toMatch(
      /^Unknown tool "no_such_tool"\. Available tools: .*\bget_weather\b.*\bexplode\b/,
    );
    expect(answers[1].content).toMatch(/extra/);
    expect(answers[2].content).toMatch(/__proto__/);
    expect(answers[3].content).toBe('Exploded: testing');
    expect(h.shop.log).toEqual([{ tool: 'explode', args: ['testing'] }]);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('stops at maxIterations with a history that ends in the last results and can be continued', async () => {
    let n = 0;
    h = await startHarness(
      (request) =>
        (request.body.messages?.length ?? 0) > 6
          ? say('Finally done.')
          : use({ id: `t${++n}`, name: 'add', input: { a: n, b: 1 } }),
      { maxIterations: 2 },
    );
    const result = await h.agent.run('Keep adding');
    expect(result.stopReason).toBe('max_iterations');
    expect(result.iterations).toBe(2);
    expect(h.server.requests).toHaveLength(2);
    const last = result.messages[result.messages.length - 1];
    expect(last.role).toBe('user');
    expect(results(last)).toEqual([{ id: 't2', is_error: false, content: '3' }]);
    expect(JSON.parse(JSON.stringify(result.messages))).toEqual(result.messages);
    const more = await h.agent.run(result.messages);
    expect(more).toMatchObject({
      stopReason: 'end_turn',
      iterations: 2,
      finalText: 'Finally done.',
    });
  });

  it('on max_tokens never runs the cut tool_use and returns a history valid to continue', async () => {
    h = await startHarness([
      {
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 't1', name: 'get_weather', input: { city: 'Rome' } },
          { type: 'tool_use', id: 't2', name: 'add', inputJson: '{"a": 1, "b' },
        ],
        stop_reason: 'max_tokens',
      },
      say('Continued.'),
    ]);
    const result = await h.agent.run('Weather and sums');
    expect(result.stopReason).toBe('max_tokens');
    expect(h.shop.log.map((entry) => entry.tool)).not.toContain('add');
    const answers = results(result.messages[result.messages.length - 1]);
    expect(answers.map((a) => a.id)).toEqual(['t1', 't2']);
    expect(answers[1]).toMatchObject({ is_error: true });
    expect(answers[1].content).toMatch(/not run: the reply was cut off/);
    const next = await h.agent.run(result.messages);
    expect(next.finalText).toBe('Continued.');
  });

  it('answers the calls of a history that ends with an unanswered assistant turn before asking', async () => {
    h = await startHarness([
      use({ id: 't1', name: 'get_weather', input: { city: 'Kyiv' } }),
      say('Sunny in Kyiv.'),
    ]);
    const step = await h.agent.step('Weather in Kyiv?');
    const result = await h.agent.run([
      { role: 'user', content: 'Weather in Kyiv?' },
      { role: 'assistant', content: step.message.content },
    ]);
    expect(result.finalText).toBe('Sunny in Kyiv.');
    expect(result.iterations).toBe(1);
    expect(results(h.server.requests[1].body.messages?.[2])).toEqual([
      { id: 't1', is_error: false, content: 'Sunny in Kyiv' },
    ]);
  });

  it('sends the full history each turn, as plain JSON', async () => {
    h = await startHarness([
      use({ id: 't1', name: 'get_weather', input: { city: 'Lima' } }),
      say('Sunny.'),
    ]);
    const result = await h.agent.run('Weather in Lima?');
    expect(h.server.requests[1].body.messages).toEqual(result.messages.slice(0, 3));
    expect(JSON.parse(JSON.stringify(result.messages))).toEqual(result.messages);
    expect(result.messages).toHaveLength(4);
  });

  it('hands the context to every call as ctx.state, overridable per run', async () => {
    h = await startHarness(
      [
        use({ id: 't1', name: 'greet', input: { greeting: 'Hi' } }),
        say('ok'),
        use({ id: 't2', name: 'greet', input: { greeting: 'Yo' } }),
        say('ok'),
      ],
      { context: { user: 'ann' } },
    );
    await h.agent.run('Greet me');
    await h.agent.run('Greet me', { context: { user: 'bob' } });
    expect(results(h.server.requests[1].body.messages?.[2])[0].content).toBe('Hi, ann');
    expect(results(h.server.requests[3].body.messages?.[2])[0].content).toBe('Yo, bob');
  });

  it('streams its requests when max_tokens is above what the SDK allows unstreamed', async () => {
    h = await startHarness([say('A long answer.')], { maxTokens: 64_000 });
    const result = await h.agent.run('Write a lot');
    expect(result.finalText).toBe('A long answer.');
    expect(h.server.requests[0].body).toMatchObject({ stream: true, max_tokens: 64_000 });
  });

  it('sends tools registered after the agent was made', async () => {
    class Later {
      @Tool({ description: 'Registered late.' })
      late(@Param('x') x: string): string {
        return x;
      }
    }
    h = await startHarness([say('ok')]);
    h.registry.register(new Later());
    await h.agent.run('hi');
    const names = (h.server.requests[0].body.tools as { name: string }[]).map((t) => t.name);
    expect(names).toContain('late');
  });

  it('refuses a format it does not have', () => {
    const make = () =>
      new ToolAgent({
        client: new Anthropic({ apiKey: 'test' }),
        registry: {
          get: () => undefined,
          descriptors: () => [],
          toAnthropic: () => [],
          check: async () => ({ ok: false, error: '' }),
          call: async () => ({ content: '', isError: true }),
        },
        model: 'm',
        format: 'yaml' as never,
      });
    expect(make).toThrow(ToolwrightError);
    expect(make).toThrow(/yaml format not available/);
  });
});
