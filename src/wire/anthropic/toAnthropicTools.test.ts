import type { ToolDescriptor } from '../../manifest/types';
import { toAnthropicTools } from './toAnthropicTools';

const base: ToolDescriptor = {
  name: 'get_weather',
  description: 'Gets the weather.',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
};

describe('toAnthropicTools', () => {
  it('keeps toolwright-only options off the wire and sets the fields of `anthropic` as written', () => {
    const [tool] = toAnthropicTools([
      {
        ...base,
        examples: [{ city: 'Paris' }],
        options: {
          requiresApproval: true,
          timeoutMs: 5,
          annotations: { readOnlyHint: true },
          deprecated: true,
          strict: true,
          anthropic: { defer_loading: true, allowed_callers: ['direct'] },
        },
      },
    ]);
    expect(tool).toEqual({
      name: 'get_weather',
      description: 'Gets the weather.',
      input_schema: base.inputSchema,
      input_examples: [{ city: 'Paris' }],
      strict: true,
      defer_loading: true,
      allowed_callers: ['direct'],
    });
  });

  it('with cache: true marks the last tool so the whole list is cached', () => {
    const tools = toAnthropicTools([base, { ...base, name: 'b' }], { cache: true });
    expect(tools[0].cache_control).toBeUndefined();
    expect(tools[1].cache_control).toEqual({ type: 'ephemeral' });
  });
});
