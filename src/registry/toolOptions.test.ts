/**
 * `@Tool()` options are closed: a misspelt option (which would skip an approval or a time limit
 * while reaching the API as an unknown field) is a `ToolDefinitionError` at `register()`, with
 * or without a manifest, naming the closest known option; API fields go in `anthropic`.
 */
import 'reflect-metadata';
import { Param, Tool } from '../decorators/toolSurface';
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import { ToolRegistry } from './ToolRegistry';
import type { ToolManifest, ToolOptions } from '../index';

/** A class whose one tool has these options, as JavaScript (or a cast) would let through. */
function serviceWith(options: Record<string, unknown>): object {
  class Payments {
    @Tool({ description: 'Refunds.', ...(options as ToolOptions) })
    refund(@Param('orderId') orderId: string): string {
      return orderId;
    }
  }
  return new Payments();
}

const manifest: ToolManifest = {
  version: 1,
  tools: [
    {
      name: 'refund',
      description: 'Refunds.',
      inputSchema: {
        type: 'object',
        properties: { orderId: { type: 'string' } },
        required: ['orderId'],
        additionalProperties: false,
      },
      target: { class: 'Payments', method: 'refund', file: 'src/Payments.ts', line: 3 },
      params: [
        { kind: 'named', index: 0, name: 'orderId', optional: false, schema: { type: 'string' } },
      ],
    },
  ],
};

describe('@Tool options at register()', () => {
  it.each([
    ['without a manifest', () => new ToolRegistry()],
    ['with a manifest', () => new ToolRegistry({ manifest })],
  ])('%s, a misspelt option throws, naming the closest known one', (_name, make) => {
    const register = () => make().register(serviceWith({ requireApproval: true, timeoutMS: 5000 }));
    expect(register).toThrow(ToolDefinitionError);
    expect(register).toThrow(
      'Payments.refund @Tool(): "requireApproval" is not a @Tool option; did you mean "requiresApproval"? ' +
        '(a field of the Anthropic tool definition goes in anthropic: { requireApproval: ... }); ' +
        '"timeoutMS" is not a @Tool option; did you mean "timeoutMs"? ' +
        '(a field of the Anthropic tool definition goes in anthropic: { timeoutMS: ... })',
    );
  });

  it('an MCP hint at the top level says to put it in annotations', () => {
    expect(() => new ToolRegistry().register(serviceWith({ readOnlyHint: true }))).toThrow(
      'Payments.refund @Tool(): "readOnlyHint" is an MCP hint: write it as annotations: { readOnlyHint: true }',
    );
  });

  it('an anthropic field toolwright writes itself is refused, naming the option that sets it', () => {
    expect(() => new ToolRegistry().register(serviceWith({ anthropic: { strict: true } }))).toThrow(
      '"anthropic.strict" is written by toolwright from `strict`; set that instead',
    );
  });

  it('fields of anthropic go on the definition as written; toolwright options stay off it', () => {
    const registry = new ToolRegistry().register(
      serviceWith({
        requiresApproval: true,
        timeoutMs: 5000,
        anthropic: { defer_loading: true, cache_control: { type: 'ephemeral' } },
      }),
    );
    expect(registry.toAnthropic()).toEqual([
      {
        name: 'refund',
        description: 'Refunds.',
        input_schema: manifest.tools[0].inputSchema,
        defer_loading: true,
        cache_control: { type: 'ephemeral' },
      },
    ]);
  });
});
