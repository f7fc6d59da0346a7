/**
 * Strict tool use end to end through the registry: the projection sent to each provider is in
 * its documented subset, the gate still enforces every dropped constraint, OpenAI's null for an
 * optional property reaches the method as absent, and a tool strict mode cannot take goes out
 * without `strict`, with a warning.
 */
import { Param } from '../decorators/Param';
import { Tool } from '../decorators/Tool';
import { strictSubsetProblems } from '../testing/strictSubset';
import { ToolRegistry } from './ToolRegistry';
import { TicketRequest, TicketService, validTicket } from './__fixtures__/TicketService';
import { ShopService } from '../agent/__fixtures__/ShopService';
import { CalculatorService, NewsService, StockService } from '../wire/__fixtures__/StockService';
import { strictInputSchema } from '../schema/strict/projectStrictSchema';

const valid = validTicket;

describe('strict tools through the registry', () => {
  it('@Tool({ strict: true }) sends each provider a schema inside its strict subset', () => {
    const registry = new ToolRegistry().register(new TicketService());
    const anthropic = registry.toAnthropic().find((t) => t.name === 'open_ticket')!;
    expect(anthropic.strict).toBe(true);
    expect(strictSubsetProblems(anthropic.input_schema, 'anthropic')).toEqual([]);
    // The full schema's constraints are not in the subset: the checker would refuse them.
    expect(strictSubsetProblems(registry.get('open_ticket')!.inputSchema, 'anthropic')).not.toEqual(
      [],
    );
    const properties = anthropic.input_schema.properties as Record<
      string,
      { description?: string }
    >;
    expect(properties.title.description).toMatch(/40 characters/);
    expect(properties.priority.description).toBe('Constraints: an integer from 1 to 10.');
    expect(properties.tags.description).toBe('Constraints: at most 3 items.');

    const openai = registry.toOpenAI().find((t) => t.function.name === 'open_ticket')!;
    expect(openai.function.strict).toBe(true);
    expect(strictSubsetProblems(openai.function.parameters, 'openai')).toEqual([]);
    expect(openai.function.parameters.required).toEqual([
      'title',
      'priority',
      'orderId',
      'contact',
      'note',
      'address',
      'tags',
    ]);
    // Tools without strict are sent as they are.
    expect(registry.toAnthropic().find((t) => t.name === 'set_note')).not.toHaveProperty('strict');
  });

  it('refuses a call that obeys the grammar but breaks a dropped bound, naming the path', async () => {
    const service = new TicketService();
    const registry = new ToolRegistry().register(service);
    const outcome = await registry.call('open_ticket', {
      ...valid,
      priority: 11,
      address: { city: 'x'.repeat(41) },
    });
    expect(outcome.isError).toBe(true);
    expect(outcome.content).toMatch(/^priority: .*10/m);
    expect(outcome.content).toMatch(/^address\.city: .*40 characters/m);
    expect(service.received).toEqual([]);
  });

  it('OpenAI strict: null for an optional property arrives as absent; a nullable one keeps null', async () => {
    const service = new TicketService();
    const registry = new ToolRegistry({ strict: true }).register(service);
    const args = {
      ...valid,
      contact: null,
      note: null,
      tags: null,
      address: { city: 'Paris', zip: null },
    };
    const [answer] = await registry.callOpenAI([
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'open_ticket', arguments: JSON.stringify(args) },
      },
    ]);
    expect(answer.content).toBe('opened');
    const [request] = service.received;
    expect(request).toBeInstanceOf(TicketRequest);
    for (const key of ['contact', 'note', 'tags'] as const) expect(request[key]).toBeUndefined();
    expect(request.address.zip).toBeUndefined();

    await registry.callOpenAI([
      {
        id: 'call_2',
        type: 'function',
        function: { name: 'set_note', arguments: '{"id":"a","note":null}' },
      },
    ]);
    expect(service.notes).toEqual([null]);
  });

  it('without strict, null for an optional property is refused as before', async () => {
    const registry = new ToolRegistry().register(new TicketService());
    const [answer] = await registry.callOpenAI([
      { id: 'c', type: 'function', function: { name: 'set_note', arguments: '{"id":"a"}' } },
    ]);
    expect(answer.content).toBe('a');
    const [refused] = await registry.callOpenAI(
      [
        {
          id: 'c',
          type: 'function',
          function: { name: 'open_ticket', arguments: JSON.stringify({ ...valid, note: null }) },
        },
      ],
      { strict: false },
    );
    // open_ticket asks for strict itself, so its null note is still absent.
    expect(refused.content).toBe('opened');
  });

  it('a recursive tool goes out without strict to Claude, with a warning naming it and why', () => {
    const warnings: string[] = [];
    const registry = new ToolRegistry({ strict: true, logger: { warn: (m) => warnings.push(m) } });
    registry.register(new TicketService());
    expect(warnings).toEqual([
      'toolwright: tool "add_categories" is sent without strict to Anthropic: children[]: recursive type "Category" (strict tools cannot refer back to an enclosing type)',
    ]);
    const definition = registry.toAnthropic().find((t) => t.name === 'add_categories')!;
    expect(definition).not.toHaveProperty('strict');
    expect(definition.input_schema).toBe(registry.get('add_categories')!.inputSchema);
    // OpenAI takes recursion: the same tool is strict there.
    const openai = registry.toOpenAI().find((t) => t.function.name === 'add_categories')!;
    expect(openai.function.strict).toBe(true);
    expect(strictSubsetProblems(openai.function.parameters, 'openai')).toEqual([]);
  });

  it('warns when the strict tools together pass the Messages API per-request limits', () => {
    class Wide {
      @Tool({ description: 'Many optional fields.' })
      wide(
        @Param('schema', {
          schema: {
            type: 'object',
            properties: Object.fromEntries(
              Array.from({ length: 25 }, (_, i) => [`f${i}`, { type: 'string' }]),
            ),
            additionalProperties: false,
          },
        })
        _value: unknown,
      ): string {
        return 'ok';
      }
    }
    const warnings: string[] = [];
    new ToolRegistry({ strict: true, logger: { warn: (m) => warnings.push(m) } }).register(
      new Wide(),
    );
    expect(warnings).toEqual([
      'toolwright: this registry has 25 optional properties across the strict tools, where the Messages API allows 24 per request; it will refuse requests with all of them (send fewer tools strict)',
    ]);
  });

  it('every tool of the library test fixtures projects inside both subsets, or says why not', () => {
    const services = [
      new TicketService(),
      new ShopService(),
      new StockService(),
      new CalculatorService(),
      new NewsService(),
    ];
    const tools = services.flatMap((service) => new ToolRegistry().register(service).list());
    const refused: string[] = [];
    for (const tool of tools) {
      for (const provider of ['anthropic', 'openai'] as const) {
        const projection = strictInputSchema(tool.inputSchema, provider);
        if (projection.strict) {
          expect([tool.name, strictSubsetProblems(projection.schema, provider)]).toEqual([
            tool.name,
            [],
          ]);
        } else refused.push(`${tool.name} (${provider})`);
      }
    }
    expect(refused).toEqual(['add_categories (anthropic)']);
  });
});
