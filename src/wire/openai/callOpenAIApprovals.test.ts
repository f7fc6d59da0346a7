/**
 * `callOpenAI` serves a model's calls, so a tool marked `requiresApproval` runs there only when
 * its `approve` hook approves the (validated) call; without a hook it is refused. `registry.call()`
 * is the developer's own call and runs it.
 */
import { ShopService } from '../../agent/__fixtures__/ShopService';
import { ToolRegistry } from '../../registry/ToolRegistry';
import type { ToolCall } from '../../calls/types';
import type { OpenAIToolCall } from './types';

const refund = (id: string, args: string): OpenAIToolCall => ({
  id,
  type: 'function',
  function: { name: 'refund', arguments: args },
});

function setup(): { registry: ToolRegistry; shop: ShopService } {
  const shop = new ShopService();
  return { registry: new ToolRegistry().register(shop), shop };
}

describe('callOpenAI and requiresApproval', () => {
  it('refuses the call without an approve hook, and runs the other calls of the message', async () => {
    const { registry, shop } = setup();
    const [refused, weather] = await registry.callOpenAI([
      refund('c1', '{"orderId":"o1","amount":5}'),
      {
        id: 'c2',
        type: 'function',
        function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
      },
    ]);
    expect(refused.content).toBe(
      'Error: Tool "refund" was not run: it requires approval and no approval hook is configured (`approve`).',
    );
    expect(weather.content).toBe('Sunny in Oslo');
    expect(shop.log).toEqual([{ tool: 'get_weather', args: ['Oslo'] }]);
  });

  it('asks the hook with the validated call: runs what it approves, refuses what it denies', async () => {
    const { registry, shop } = setup();
    const asked: ToolCall[] = [];
    const messages = await registry.callOpenAI(
      [refund('c1', '{"orderId":"o1","amount":5}'), refund('c2', '{"orderId":"o2","amount":500}')],
      {
        approve: (call) => {
          asked.push(call);
          return call.input.amount === 5 || { approved: false, reason: 'over the limit' };
        },
      },
    );
    expect(asked.map((call) => [call.id, call.name, call.input])).toEqual([
      ['c1', 'refund', { orderId: 'o1', amount: 5 }],
      ['c2', 'refund', { orderId: 'o2', amount: 500 }],
    ]);
    expect(messages.map((m) => m.content)).toEqual([
      expect.not.stringMatching(/^Error/),
      'Error: Tool "refund" was not run: the call was denied (over the limit).',
    ]);
    expect(shop.log).toEqual([{ tool: 'refund', args: ['o1', 5] }]);
  });

  it('answers invalid input before asking, and a hook that throws denies', async () => {
    const { registry, shop } = setup();
    const approve = jest.fn(() => {
      throw new TypeError('approvals service down');
    });
    const [invalid, failed] = await registry.callOpenAI(
      [
        refund('c1', '{"orderId":"o1","amount":"five"}'),
        refund('c2', '{"orderId":"o1","amount":5}'),
      ],
      { approve },
    );
    expect(invalid.content).toMatch(/^Error: Invalid input for tool "refund":\namount: /);
    expect(failed.content).toBe(
      'Error: Tool "refund" was not run: the approval hook failed (approvals service down).',
    );
    expect(approve).toHaveBeenCalledTimes(1);
    expect(shop.log).toEqual([]);
  });

  it('registry.call() is your own code calling the tool: it runs without asking', async () => {
    const { registry, shop } = setup();
    const outcome = await registry.call('refund', { orderId: 'o1', amount: 5 });
    expect(outcome.isError).toBe(false);
    expect(shop.log).toEqual([{ tool: 'refund', args: ['o1', 5] }]);
  });
});
