/** Manual mode: `step` sorts the calls of one turn and runs nothing; `resolve` answers them all. */
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { ToolwrightError } from '../errors/ToolwrightError';
import { blocksOf, say, startHarness, use } from './__fixtures__/harness';
import type { Harness } from './__fixtures__/harness';

let h: Harness | undefined;
afterEach(async () => {
  if (h) expect(h.server.pairingViolations).toEqual([]);
  await h?.server.close();
  h = undefined;
});

describe('ToolAgent.step / resolve', () => {
  it('sorts one valid and one unknown call, runs nothing, then answers both in order', async () => {
    h = await startHarness([
      use(
        { id: 't1', name: 'get_weather', input: { city: 'Oslo' } },
        { id: 't2', name: 'teleport', input: { to: 'Mars' } },
      ),
      say('Oslo is sunny; I cannot teleport.'),
    ]);
    const messages: MessageParam[] = [
      { role: 'user', content: 'Weather in Oslo, then teleport me' },
    ];
    const step = await h.agent.step(messages);
    expect(step.done).toBe(false);
    expect(step.calls).toEqual([{ id: 't1', name: 'get_weather', input: { city: 'Oslo' } }]);
    expect(step.invalidCalls).toEqual([
      {
        id: 't2',
        name: 'teleport',
        input: { to: 'Mars' },
        error: expect.stringMatching(/Unknown tool "teleport"/),
      },
    ]);
    expect(h.shop.log).toEqual([]);
    messages.push({ role: 'assistant', content: step.message.content });
    const next = await h.agent.resolve(step);
    expect(next.role).toBe('user');
    expect(blocksOf(next).map((b) => [b.tool_use_id, b.is_error ?? false, b.content])).toEqual([
      ['t1', false, 'Sunny in Oslo'],
      ['t2', true, step.invalidCalls[0].error],
    ]);
    expect(h.shop.log).toEqual([{ tool: 'get_weather', args: ['Oslo'] }]);
    messages.push(next);
    const last = await h.agent.step(messages);
    expect(last).toMatchObject({ done: true, calls: [], invalidCalls: [] });
    expect(h.server.requests[1].body.messages).toEqual(messages);
  });

  it('step then resolve: the decider approves or rejects each call, and rejected ones are answered', async () => {
    h = await startHarness([
      use(
        { id: 't1', name: 'get_weather', input: { city: 'Rome' } },
        { id: 't2', name: 'get_weather', input: { city: 'Mordor' } },
      ),
      say('Rome is sunny.'),
    ]);
    const messages: MessageParam[] = [{ role: 'user', content: 'Weather in Rome and Mordor' }];
    const step = await h.agent.step(messages);
    const decided: string[] = [];
    const next = await h.agent.resolve(step, (call) => {
      decided.push(call.id);
      return (
        call.input.city !== 'Mordor' || {
          approved: false,
          reason: 'one does not simply walk into Mordor',
        }
      );
    });
    expect(decided).toEqual(['t1', 't2']);
    expect(h.shop.log).toEqual([{ tool: 'get_weather', args: ['Rome'] }]);
    const answers = blocksOf(next);
    expect(answers.map((b) => b.tool_use_id)).toEqual(['t1', 't2']);
    expect(answers[1]).toMatchObject({ is_error: true });
    expect(answers[1].content).toMatch(/denied.*Mordor/);
    const final = await h.agent.step([
      ...messages,
      { role: 'assistant', content: step.message.content },
      next,
    ]);
    expect(final.done).toBe(true);
  });

  it('reports a call cut by max_tokens as invalid, and resolve answers it', async () => {
    h = await startHarness([
      {
        content: [{ type: 'tool_use', id: 't1', name: 'add', inputJson: '{"a": 1' }],
        stop_reason: 'max_tokens',
      },
    ]);
    const step = await h.agent.step([{ role: 'user', content: 'Add' }]);
    expect(step.calls).toEqual([]);
    expect(step.invalidCalls[0]).toMatchObject({
      id: 't1',
      error: expect.stringMatching(/not run: the reply was cut off/),
    });
    const next = await h.agent.resolve(step);
    expect(blocksOf(next)).toEqual([
      {
        type: 'tool_result',
        tool_use_id: 't1',
        content: step.invalidCalls[0].error,
        is_error: true,
      },
    ]);
  });

  it('refuses to resolve a step without calls', async () => {
    h = await startHarness([say('Hello!')]);
    const step = await h.agent.step([{ role: 'user', content: 'Hi' }]);
    expect(step.done).toBe(true);
    await expect(h.agent.resolve(step)).rejects.toBeInstanceOf(ToolwrightError);
  });
});
